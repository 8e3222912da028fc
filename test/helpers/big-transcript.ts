import { Readable } from 'node:stream';

/**
 * A legal cbc-profile transcript of about `bytes` bytes, generated lazily (one turn per chunk, each
 * with a 6-agent workflow task), so neither the generator nor the consumer ever holds all of it.
 */
export function bigTranscript(bytes: number): Readable {
  const S = 'f0f0f0f0-0000-4000-8000-000000000001';
  const ts = '2026-01-01T00:00:00.000Z';
  const pad = 'x'.repeat(400); // resultPreview text, to reach the size with realistic frame counts
  let produced = 0;
  let turn = 0;
  return Readable.from(
    (function* () {
      while (produced < bytes) {
        turn++;
        const id = `task-${turn}`;
        const rows = (n: number, state: (i: number) => string) => [
          { type: 'workflow_phase', index: 1, title: 'Gather' },
          ...Array.from({ length: 6 }, (_, i) => ({ type: 'workflow_agent', index: i + 1, label: `a${i + 1}`, phaseIndex: 1, phaseTitle: 'Gather', agentId: `v2:${i}`, state: state(i), startedAt: n, ...(state(i) === 'done' ? { endedAt: n + 10, resultPreview: pad } : {}) })),
        ];
        const frames = [
          { type: 'system', subtype: 'init', uuid: `u${turn}`, session_id: S, apiKeySource: 'none', cwd: '/w', tools: ['Workflow'], mcp_servers: [], model: 'm', permissionMode: 'default', slash_commands: [], output_style: 'default', __timestamp: ts },
          { type: 'system', subtype: 'task_started', task_id: id, tool_use_id: 'tu', description: 'd', task_type: 'local_workflow', workflow_name: 'wf', uuid: 'u', session_id: S },
          ...Array.from({ length: 6 }, (_, k) => ({ type: 'system', subtype: 'task_progress', task_id: id, tool_use_id: 'tu', description: 'd', usage: { total_tokens: k, tool_uses: k, duration_ms: k }, workflow_progress: rows(turn, (i) => (i < k ? 'done' : 'start')), uuid: 'u', session_id: S })),
          { type: 'system', subtype: 'task_progress', task_id: id, tool_use_id: 'tu', description: 'd', usage: { total_tokens: 6, tool_uses: 6, duration_ms: 6 }, workflow_progress: rows(turn, () => 'done'), uuid: 'u', session_id: S },
          { type: 'system', subtype: 'task_updated', task_id: id, patch: { status: 'completed', end_time: turn + 100 }, uuid: 'u', session_id: S },
          { type: 'system', subtype: 'task_notification', task_id: id, tool_use_id: 'tu', status: 'completed', summary: 's', output_file: '/o', session_id: S },
          { type: 'result', subtype: 'success', is_error: false, result: 'ok', uuid: 'u', session_id: S, duration_ms: 1, duration_api_ms: 1, num_turns: 1, total_cost_usd: 0, usage: {}, permission_denials: [], __timestamp: ts },
        ];
        const chunk = frames.map((f) => JSON.stringify(f)).join('\n') + '\n';
        produced += chunk.length;
        yield chunk;
      }
    })(),
    { objectMode: false },
  );
}
