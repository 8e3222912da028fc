import { z } from 'zod';
import { arr, bool, num, obj, patch, phaseRow, str, strOrNull, taskUsage, type FrameSchema } from './common.js';

/**
 * Outbound frames of Claude Code 2.1.220 / 2.1.328 as captured (test/golden/real/claude-code-2.1.*,
 * shared/reference/claude-code-cli.md). Keys a version never emits are absent from its schema, so
 * `--strict` tells the versions apart.
 */
type Version = '2.1.220' | '2.1.328';

const opt = <T extends z.ZodType>(t: T) => t.optional();
const any = z.unknown().optional();

function frames(v: Version): { frames: Record<string, FrameSchema>; rows: Record<string, FrameSchema> } {
  const v328 = v === '2.1.328';
  const only328 = <T extends z.ZodType>(t: T) => (v328 ? { ok: t.optional() } : {}).ok;
  const pick = (shape: Record<string, z.ZodType | undefined>) =>
    Object.fromEntries(Object.entries(shape).filter((e): e is [string, z.ZodType] => e[1] !== undefined));
  const trail = { uuid: str, session_id: str };

  const initKeys = pick({
    type: str, subtype: str, cwd: str, session_id: str, tools: z.array(str), mcp_servers: arr, model: str, permissionMode: str,
    slash_commands: opt(arr), terminal_slash_commands: only328(arr), apiKeySource: str, claude_code_version: str, output_style: opt(str),
    agents: opt(arr), skills: opt(arr), plugins: opt(arr), capabilities: any, analytics_disabled: opt(bool), product_feedback_disabled: opt(bool),
    uuid: str, memory_paths: any, original_cwd: only328(str), additional_directories: only328(arr), messaging_socket_path: only328(z.unknown()),
    fast_mode_state: any, fast_mode_disabled_reason: any, per_turn_effort_active: only328(z.unknown()), ultrathink_available: only328(z.unknown()),
    ultrathink_typed_raises: only328(z.unknown()), view_mode: only328(z.unknown()),
  });
  const resultKeys = pick({
    type: str, subtype: str, is_error: bool, duration_ms: num, duration_api_ms: num, num_turns: num, stop_reason: z.unknown(), session_id: str,
    total_cost_usd: num, usage: obj, modelUsage: opt(obj), permission_denials: arr, terminal_reason: any, fast_mode_state: any,
    fast_mode_disabled_reason: any, origin: opt(obj), subagent_stats: only328(obj), safety_stops: only328(z.unknown()), api_error_status: any,
    api_error_type: only328(z.unknown()), result: opt(str), structured_output: any, ttft_ms: opt(num), ttft_stream_ms: opt(num),
    time_to_request_ms: opt(num), first_content_frame_ms: only328(num), errors: opt(z.array(str)), uuid: str,
    queued_turn_count: only328(num), result_index: only328(num), model_usage_since_last_result: only328(obj),
  });
  const agentRow = z.strictObject(pick({
    type: z.literal('workflow_agent'), index: num, label: opt(str), phaseIndex: opt(num), phaseTitle: opt(str), agentId: opt(str), model: opt(str),
    state: str, cached: opt(bool), startedAt: opt(num), queuedAt: opt(num), attempt: opt(num), promptPreview: opt(str),
    promptFramed: only328(bool), lastProgressAt: opt(num), tokens: opt(num), toolCalls: opt(num), durationMs: opt(num), resultPreview: opt(str),
    error: opt(str), endedWithRun: only328(str),
  }) as Record<string, z.ZodType>);

  return {
    rows: { workflow_phase: phaseRow, workflow_agent: agentRow },
    frames: {
      'system/init': z.strictObject(initKeys as Record<string, z.ZodType>),
      'system/session_state_changed': z.strictObject(pick({ type: str, subtype: str, state: str, sdk_host_only: only328(bool), ...trail }) as Record<string, z.ZodType>),
      'system/background_tasks_changed': z.strictObject({
        type: str, subtype: str,
        tasks: z.array(z.strictObject(pick({ task_id: str, run_id: only328(str), task_type: str, description: str, subagent_type: only328(str) }) as Record<string, z.ZodType>)),
        ...trail,
      }),
      assistant: z.strictObject(pick({
        type: str, message: obj, parent_tool_use_id: strOrNull, agent_id: opt(str), session_id: str, uuid: str, timestamp: str, error: any,
        request_id: opt(str), is_api_error_message: opt(bool), api_error_status: only328(z.unknown()), api_error_type: only328(z.unknown()),
        subagent_type: opt(str), task_description: opt(str), aborted: opt(bool),
      }) as Record<string, z.ZodType>),
      user: z.strictObject(pick({
        type: str, message: obj, parent_tool_use_id: strOrNull, session_id: str, uuid: str, timestamp: opt(str), tool_use_result: any,
        tool_result_meta: only328(z.unknown()),
      }) as Record<string, z.ZodType>),
      result: z.strictObject(resultKeys as Record<string, z.ZodType>),
      control_response: z.strictObject({
        type: str,
        response: z.union([
          z.strictObject({ subtype: z.literal('success'), request_id: str, response: opt(obj), pending_permission_requests: any, pending_user_dialog_requests: any }),
          z.strictObject(pick({ subtype: z.literal('error'), request_id: str, error: str, error_code: only328(z.unknown()) }) as Record<string, z.ZodType>),
        ]),
      }),
      control_request: z.strictObject({ type: str, request_id: str, request: z.looseObject({ subtype: str }) }),
      control_cancel_request: z.strictObject({ type: str, request_id: str }),
      'system/task_started': z.strictObject(pick({
        type: str, subtype: str, task_id: str, run_id: only328(str), tool_use_id: opt(str), description: str, subagent_type: opt(str),
        is_backgrounded: only328(bool), spawn_depth: only328(num), task_type: str, workflow_name: opt(str), prompt: opt(str), ...trail,
      }) as Record<string, z.ZodType>),
      'system/task_progress': z.strictObject(pick({
        type: str, subtype: str, task_id: str, run_id: only328(str), tool_use_id: opt(str), description: str, subagent_type: opt(str),
        usage: taskUsage, last_tool_name: opt(str), summary: opt(str), workflow_progress: opt(z.array(z.looseObject({ type: str }))), ...trail,
      }) as Record<string, z.ZodType>),
      'system/task_updated': z.strictObject(pick({ type: str, subtype: str, task_id: str, run_id: only328(str), patch, ...trail }) as Record<string, z.ZodType>),
      'system/task_notification': z.strictObject(pick({
        type: str, subtype: str, task_id: str, run_id: only328(str), tool_use_id: opt(str), status: str, output_file: str, summary: str,
        summary_is_report: only328(bool), usage: opt(taskUsage), ...trail,
      }) as Record<string, z.ZodType>),
    },
  };
}

/** Claude Code 2.1.220 frame and row schemas. */
export const CLAUDE_220 = frames('2.1.220');
/** Claude Code 2.1.328 frame and row schemas. */
export const CLAUDE_328 = frames('2.1.328');
