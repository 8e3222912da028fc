// The tolerance rule (seed 000 §7: "consumers MUST ignore unrecognised fields"; §8: additive evolution):
// unknown frame types, system subtypes, keys and timeline row types are never violations, in any profile,
// while a known key with a wrong type still is.
import { describe, expect, it } from 'vitest';
import { checkTranscript } from '../../../../dist/tools/check/rules.js';

const nd = (...f: object[]) => f.map((x) => JSON.stringify(x) + '\n').join('');
const S = 's1';
// Each frame has the required keys of every profile; what one profile lacks is an unknown key to the other.
const cbcInit = { type: 'system', subtype: 'init', uuid: 'u', session_id: S, apiKeySource: 'none', cwd: '/w', tools: [], mcp_servers: [], model: 'm', permissionMode: 'default', slash_commands: [], output_style: 'default', claude_code_version: '2.1.328', __timestamp: 't' };
const started = { type: 'system', subtype: 'task_started', task_id: 't1', tool_use_id: 'tu', description: 'd', task_type: 'local_workflow', uuid: 'u', session_id: S };
const agent = (state: string, extra: object = {}) => ({ type: 'workflow_agent', index: 1, label: 'a', agentId: 'v2:a', state, startedAt: 1, ...extra });
const progress = (...rows: object[]) => ({ type: 'system', subtype: 'task_progress', task_id: 't1', description: 'd', usage: { total_tokens: 0, tool_uses: 0, duration_ms: 0 }, workflow_progress: rows, uuid: 'u', session_id: S });
const updated = { type: 'system', subtype: 'task_updated', task_id: 't1', patch: { status: 'completed', end_time: 5 }, uuid: 'u', session_id: S };
const notified = { type: 'system', subtype: 'task_notification', task_id: 't1', status: 'completed', summary: 's', output_file: '/o', uuid: 'u', session_id: S };
// a result with the required keys of every profile closes the turn system/init opened (turn.one-result)
const result = { type: 'result', subtype: 'success', is_error: false, result: 'ok', uuid: 'u', session_id: S, duration_ms: 1, duration_api_ms: 1, num_turns: 1, total_cost_usd: 0, usage: {}, permission_denials: [], stop_reason: null, __timestamp: 't' };

describe('tolerance.unknown', () => {
  const unknowns = nd(
    cbcInit,
    { type: 'never_seen_before', data: [1, 2] },
    { type: 'system', subtype: 'future_subtype', task_id: 'zzz' },
    { ...started, new_optional_field: { nested: true } },
    progress({ type: 'workflow_log', text: 'a log line' }, { type: 'workflow_future_row', index: 9 }, agent('start', { queuedAt: 0, brand_new: 'x' })),
    progress({ type: 'workflow_log', text: 'a log line' }, agent('done', { brand_new: 'y' })),
    { ...updated, extra: 1 },
    { ...notified, another: 'field' },
    result,
  );
  for (const profile of ['auto', 'cbc', 'cbc-2.117.0', 'claude-2.1.220', 'claude-2.1.328'] as const) {
    it(`unknown frames, subtypes, keys and row types are not violations (profile ${profile})`, () => {
      expect(checkTranscript(unknowns, { profile })).toEqual([]);
    });
  }
  it('unknown keys are reported only when key sets are checked strictly (--strict)', () => {
    expect(checkTranscript(unknowns, { strictKeys: true }).map((v) => v.rule)).toContain('frame.schema.keys');
  });
  it('a known key with a wrong type is still a violation', () => {
    const t = nd(cbcInit, started, progress(agent('done', { startedAt: 'later' })), updated, notified, result);
    expect(checkTranscript(t).map((v) => `${v.line}:${v.rule}`)).toEqual(['3:frame.schema']);
  });
});
