/**
 * The real CLIs' flags, as data. The drop-in accepts exactly these (the union of cbc 2.117.0 and
 * Claude Code 2.1.220/2.1.328, plus the hidden flags both SDKs pass) and the `--emu-*` settings.
 * Sources: captures/cbc-2.117.0/help.txt, captures/claude-code-2.1.328/help.txt,
 * claude-agent-sdk.md §1.2, codebuddy-sdk.md §1.
 */
export type Arity = 'none' | 'one' | 'optional' | 'variadic';

export interface FlagSpec {
  /** Canonical name without dashes, e.g. `output-format`. */
  name: string;
  aliases?: string[];
  arity: Arity;
}

const f = (name: string, arity: Arity, ...aliases: string[]): FlagSpec => ({ name, arity, aliases });

const FLAGS: readonly FlagSpec[] = [
  // headless core (seed 002 §3)
  f('print', 'none', 'p'),
  f('output-format', 'one'),
  f('input-format', 'one'),
  f('verbose', 'none'),
  f('debug', 'optional', 'd'),
  f('debug-file', 'one'),
  f('json-schema', 'one'),
  f('include-partial-messages', 'none'),
  f('include-hook-events', 'none'),
  f('replay-user-messages', 'none'),
  // sessions
  f('resume', 'optional', 'r'),
  f('continue', 'none', 'c'),
  f('session-id', 'one'),
  f('fork-session', 'none'),
  f('resume-session-at', 'one'),
  f('resume-drops-turn', 'one'),
  f('no-session-persistence', 'none'),
  f('session-mirror', 'none'),
  f('name', 'one', 'n'),
  // model and thinking
  f('model', 'one'),
  f('fallback-model', 'one'),
  f('effort', 'one'),
  f('max-turns', 'one'),
  f('max-budget-usd', 'one'),
  f('task-budget', 'one'),
  f('max-thinking-tokens', 'one'),
  f('thinking', 'one'),
  f('thinking-display', 'one'),
  f('betas', 'variadic'),
  f('request-timeout-ms', 'one'),
  f('autocompact', 'one'),
  // permissions and tools
  f('permission-mode', 'one'),
  f('permission-mode-before-plan', 'one'),
  f('subagent-permission-mode', 'one'),
  f('permission-prompt-tool', 'one'),
  f('permission-prompts', 'one'),
  f('dangerously-skip-permissions', 'none', 'y'),
  f('allow-dangerously-skip-permissions', 'none'),
  f('allowedTools', 'variadic', 'allowed-tools'),
  f('disallowedTools', 'variadic', 'disallowed-tools'),
  f('tools', 'variadic'),
  // prompts, settings, MCP, plugins
  f('system-prompt', 'one'),
  f('system-prompt-file', 'one'),
  f('append-system-prompt', 'one'),
  f('append-system-prompt-file', 'one'),
  f('exclude-dynamic-system-prompt-sections', 'none'),
  f('system-prompt-snapshot', 'one'),
  f('settings', 'one'),
  f('setting-sources', 'one'),
  f('managed-settings', 'one'),
  f('managed-settings-in-initialize', 'none'),
  f('initialize-fields', 'one'),
  f('await-initialize', 'none'),
  f('project-config-root', 'one'),
  f('mcp-config', 'variadic'),
  f('strict-mcp-config', 'none'),
  f('channels', 'one'),
  f('dangerously-load-development-channels', 'one'),
  f('plugin-dir', 'one'),
  f('plugin-dir-no-mcp', 'one'),
  f('plugin-url', 'one'),
  f('add-dir', 'variadic'),
  f('agent', 'one'),
  f('agents', 'one'),
  f('file', 'variadic'),
  // misc flags of the two CLIs (accepted, no effect in headless emulation)
  f('ide', 'none'),
  f('chrome', 'none'),
  f('no-chrome', 'none'),
  f('bare', 'none'),
  f('brief', 'none'),
  f('safe-mode', 'none'),
  f('restricted', 'none'),
  f('ax-screen-reader', 'none'),
  f('disable-slash-commands', 'none'),
  f('forward-subagent-text', 'none'),
  f('prompt-suggestions', 'optional'),
  f('from-pr', 'optional'),
  f('remote-control', 'optional'),
  f('remote-control-session-name-prefix', 'one'),
  f('teleport', 'optional'),
  f('cloud', 'optional'),
  f('desktop', 'none'),
  f('environment', 'one'),
  f('worktree', 'optional', 'w'),
  f('worktree-branch', 'one'),
  f('tmux', 'optional'),
  f('tmux-classic', 'none'),
  f('bg', 'none', 'background'),
  f('sandbox', 'optional'),
  f('sandbox-id', 'one'),
  f('sandbox-kill', 'none'),
  f('sandbox-new', 'none'),
  f('sandbox-upload-dir', 'one'),
  f('serve', 'none'),
  f('port', 'one'),
  f('host', 'one'),
  f('open', 'none'),
  f('header', 'one'),
  f('acp', 'none'),
  f('acp-transport', 'one'),
  f('swarm', 'none'),
  f('text-to-image-model', 'one'),
  f('image-to-image-model', 'one'),
  f('help', 'none', 'h'),
  f('version', 'none', 'v', 'V'),
  // emulator settings: never collide with real flags
  f('emu-scenario', 'one'),
  f('emu-profile', 'one'),
  f('emu-seed', 'one'),
  f('emu-speed', 'one'),
  f('emu-home', 'one'),
  f('emu-journal', 'one'),
  f('emu-replay', 'one'),
  f('emu-bridge', 'none'),
];

const BY_NAME = new Map<string, FlagSpec>();
for (const spec of FLAGS) {
  BY_NAME.set(spec.name, spec);
  for (const a of spec.aliases ?? []) BY_NAME.set(a, spec);
}

/** Looks up a flag by any of its names (without dashes). */
export function findFlag(name: string): FlagSpec | undefined {
  return BY_NAME.get(name);
}
