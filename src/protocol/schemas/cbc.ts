import { z } from 'zod';
import { arr, bool, num, obj, patch, phaseRow, str, strOrNull, taskUsage, type FrameSchema } from './common.js';

/**
 * Outbound frames of the `cbc` and `cbc-2.117.0` profiles: exact key sets per seed 000 §5, seed 002 §8
 * and the real cbc 2.117.0 captures (test/golden/real/cbc-2.117.0). Written independently of the
 * encoder's key tables so the checker verifies the encoder rather than echoing it.
 */
const stamp = { __timestamp: str, _requestId: str.optional() };

const agentRow = z.strictObject({
  type: z.literal('workflow_agent'),
  index: num,
  label: str.optional(),
  phaseIndex: num.optional(),
  phaseTitle: str.optional(),
  agentId: str,
  state: str,
  startedAt: num,
  endedAt: num.optional(),
  tokens: num.optional(),
  resultPreview: str.optional(),
  error: str.optional(),
});

/** Frame schemas keyed by `type` or `type/subtype`. */
export const CBC_FRAMES: Record<string, FrameSchema> = {
  'system/init': z.strictObject({
    type: str, subtype: str, uuid: str, session_id: str, apiKeySource: str, cwd: str, tools: z.array(str), mcp_servers: arr,
    model: str, permissionMode: str, slash_commands: arr, output_style: str, ...stamp,
  }),
  'system/status': z.strictObject({ type: str, subtype: str, status: strOrNull, uuid: str, session_id: str, ...stamp }),
  'file-history-snapshot': z.strictObject({
    type: str, id: str, timestamp: z.union([num, str]), isSnapshotUpdate: bool,
    snapshot: z.strictObject({ messageId: str, trackedFileBackups: obj }), ...stamp,
  }),
  assistant: z.strictObject({ type: str, uuid: str, session_id: str, message: obj, parent_tool_use_id: strOrNull, ...stamp }),
  user: z.strictObject({ type: str, uuid: str, session_id: str, message: obj, parent_tool_use_id: strOrNull, ...stamp }),
  result: z.strictObject({
    type: str, subtype: str, is_error: bool, result: str.optional(), uuid: str, session_id: str, duration_ms: num, duration_api_ms: num,
    num_turns: num, total_cost_usd: num, usage: obj, permission_denials: arr, structured_output: z.unknown().optional(),
    errors: z.array(str).optional(), __timestamp: str,
  }),
  error: z.strictObject({ type: str, error: str }),
  control_response: z.strictObject({
    type: str,
    response: z.union([
      z.strictObject({ subtype: z.literal('success'), request_id: str, response: obj.optional() }),
      z.strictObject({ subtype: z.literal('error'), request_id: str, error: str }),
    ]),
  }),
  control_request: z.strictObject({ type: str, request_id: str, request: z.looseObject({ subtype: str }) }),
  control_cancel_request: z.strictObject({ type: str, request_id: str }),
  'system/task_started': z.strictObject({
    type: str, subtype: str, task_id: str, tool_use_id: str.optional(), description: str, task_type: str, workflow_name: str.optional(),
    uuid: str, session_id: str,
  }),
  'system/task_progress': z.strictObject({
    type: str, subtype: str, task_id: str, tool_use_id: str.optional(), description: str, usage: taskUsage, last_tool_name: str.optional(),
    workflow_progress: z.array(z.looseObject({ type: str })).optional(), uuid: str, session_id: str,
  }),
  'system/task_updated': z.strictObject({ type: str, subtype: str, task_id: str, patch, status: str.optional(), uuid: str, session_id: str }),
  'system/task_notification': z.strictObject({
    type: str, subtype: str, task_id: str, tool_use_id: str.optional(), status: str, summary: str, output_file: str,
    output_stderr_file: str.optional(), usage: taskUsage.optional(), session_id: str,
  }),
};

/** Timeline row schemas keyed by row `type`; other row types are tolerated (seed 000 §7, §8). */
export const CBC_ROWS: Record<string, FrameSchema> = { workflow_phase: phaseRow, workflow_agent: agentRow };
