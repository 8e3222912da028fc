/**
 * cbc 2.117.0's media-model slash commands (its built-in command list, read from the bundle): each is listed when its
 * environment switch is "true" or "1", unlisted when the switch is set to anything else, and follows the product
 * configuration when unset (here: video on, image off, as the captured lists show). Capture env_cbc_video_gen_off_fe.
 */
const MEDIA = [
  { name: 'model:text-to-image', env: 'CODEBUDDY_IMAGE_GEN_ENABLED', byDefault: false, what: 'text-to-image' },
  { name: 'model:image-to-image', env: 'CODEBUDDY_IMAGE_EDIT_ENABLED', byDefault: false, what: 'image-to-image' },
  { name: 'model:text-to-video', env: 'CODEBUDDY_VIDEO_GEN_ENABLED', byDefault: true, what: 'text-to-video' },
  { name: 'model:image-to-video', env: 'CODEBUDDY_VIDEO_GEN_ENABLED', byDefault: true, what: 'image-to-video' },
] as const;

const on = (m: (typeof MEDIA)[number], env: Readonly<Record<string, string | undefined>>): boolean => {
  const v = env[m.env];
  return v === undefined ? m.byDefault : v === 'true' || v === '1';
};

/**
 * The slash command names with the media commands the environment enables, in the CLI's order (after `debug`). A
 * fresh list each call, made once per list of names and set of switches (issue #21: every turn's system/init asks).
 */
export function withMediaCommands(names: readonly string[], env: Readonly<Record<string, string | undefined>>): string[] {
  const switches = MEDIA.map((m) => (on(m, env) ? '1' : '0')).join('');
  let made = madeLists.get(names)?.get(switches);
  if (made === undefined) {
    made = mediaCommands(names, env);
    const byNames = madeLists.get(names) ?? new Map<string, readonly string[]>();
    madeLists.set(names, byNames.set(switches, made));
  }
  return [...made];
}
const madeLists = new WeakMap<readonly string[], Map<string, readonly string[]>>();

function mediaCommands(names: readonly string[], env: Readonly<Record<string, string | undefined>>): string[] {
  const media = new Set<string>(MEDIA.map((m) => m.name));
  const rest = names.filter((n) => !media.has(n));
  const at = rest.indexOf('debug') + 1;
  return [...rest.slice(0, at), ...MEDIA.filter((m) => on(m, env)).map((m) => m.name), ...rest.slice(at)];
}

/** The same for the initialize reply's `commands` (`/`-named, with their descriptions). */
export function withMediaCommandEntries<T extends { name: string }>(commands: T[], env: Readonly<Record<string, string | undefined>>): Array<T | { name: string; description: string }> {
  const media = new Set<string>(MEDIA.map((m) => `/${m.name}`));
  const rest = commands.filter((c) => !media.has(c.name));
  const at = rest.findIndex((c) => c.name === '/debug') + 1;
  const entries = MEDIA.filter((m) => on(m, env)).map((m) => ({
    name: `/${m.name}`,
    description: `Set or list ${m.what} models. Use "list" to show available models, or specify a model id to switch`,
  }));
  return [...rest.slice(0, at), ...entries, ...rest.slice(at)];
}
