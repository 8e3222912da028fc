import type { ClaudeSpec } from './spec.js';

type Entry = Record<string, unknown> & { value?: unknown; resolvedModel?: unknown; displayName?: unknown; description?: unknown };

const text = (x: unknown): string => (typeof x === 'string' ? x : '');
/** A resolved model id without its context-window tag and snapshot date (`claude-haiku-4-5-20251001` -> `claude-haiku-4-5`). */
const bare = (id: string): string => id.replace(/\[1m\]$/, '').replace(/-\d{8}$/, '');

/**
 * The initialize reply's `models` with the session's model added when no entry names it (by value or resolved id):
 * a `claude-<family>-<version>` the catalogue carries in another form is listed as itself, with the tagline and
 * capabilities of the entry that resolves to it; on 2.1.328 an older version of a listed family points to the newer
 * one. Measured: env_model_stream (ANTHROPIC_MODEL=claude-haiku-4-5), ses_resume_stream_h2 / ses_continue_stream_h2 on
 * 2.1.220 (a resumed session's `claude-opus-5`). Other names (not a Claude model id) add nothing.
 */
export function withSessionModel(spec: ClaudeSpec, models: readonly Entry[], model: string): Entry[] {
  if (models.some((e) => e.value === model || e.resolvedModel === model)) return [...models];
  const id = /^claude-([a-z]+)-(\d+(?:-\d{1,2})*)$/.exec(model);
  if (!id) return [...models];
  const family = id[1] ?? '';
  const displayName = `${family.charAt(0).toUpperCase()}${family.slice(1)} ${(id[2] ?? '').replace(/-/g, '.')}`;
  const head = { value: model, resolvedModel: model, displayName };
  const same = models.find((e) => e.value !== 'default' && bare(text(e.resolvedModel)) === model);
  if (same) {
    const tagline = text(same.description).split(' · ')[1] ?? '';
    const caps = Object.entries(same).filter(([k]) => k.startsWith('support'));
    return [...models, { ...head, description: `${tagline} (${model})`, ...Object.fromEntries(caps) }];
  }
  const newer = models.find((e) => e.value === family);
  if (!newer || !spec.v328) return [...models];
  const current = text(newer.description).split(' · ')[0] ?? '';
  return [...models, { ...head, description: `Newer version available · select ${text(newer.displayName)} for ${current}`, supportsThinkingOff: true }];
}
