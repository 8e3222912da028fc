import type { ProfileName } from '../../protocol/vocabulary.js';
import { obj, type RawFrame } from '../../protocol/raw-frame.js';

/** Compares dotted versions numerically (`2.1.328` > `2.1.220`). */
function atLeast(v: string, min: string): boolean {
  const a = v.split('.').map(Number);
  const b = min.split('.').map(Number);
  for (let i = 0; i < b.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x > y;
  }
  return true;
}

/**
 * Guesses the profile from one outbound frame, or undefined when the frame says nothing. Signals, from
 * the captures: cbc stamps `__timestamp` on its frames; Claude's system/init names `claude_code_version`;
 * a Claude result starts with `duration_api_ms` (2.1.328) or `is_error` (2.1.220); only 2.1.328 puts
 * `run_id` on task events, `pending_permission_requests` / `error_code` on control replies.
 */
export function detectProfile(f: RawFrame): ProfileName | undefined {
  if ('__timestamp' in f) return 'cbc';
  if (f['type'] === 'system' && f['subtype'] === 'init' && typeof f['claude_code_version'] === 'string') {
    return atLeast(f['claude_code_version'], '2.1.328') ? 'claude-2.1.328' : 'claude-2.1.220';
  }
  if (f['type'] === 'result') {
    const first = Object.keys(f)[0];
    if (first === 'duration_api_ms') return 'claude-2.1.328';
    if (first === 'is_error') return 'claude-2.1.220';
  }
  // 2.1.328 adds current_permission_mode to the initialize payload and pending_* lists to replies (claude-code-cli.md §8)
  const r = f['type'] === 'control_response' ? obj(f, 'response') : undefined;
  if (r && ('pending_permission_requests' in r || 'error_code' in r || 'current_permission_mode' in (obj(r, 'response') ?? {}))) return 'claude-2.1.328';
  if (f['type'] === 'system' && typeof f['task_id'] === 'string' && typeof f['run_id'] === 'string') return 'claude-2.1.328';
  return undefined;
}
