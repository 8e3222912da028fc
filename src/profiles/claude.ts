import { homedir } from 'node:os';
import { join } from 'node:path';
import type { AgentRow, ControlPayload, EngineEvent, TaskInfo, TimelineRow } from '../engine/events.js';
import { truthy } from '../env.js';
import { iso, ordered, type Obj } from '../protocol/shape.js';
import { dashedCwd } from '../protocol/paths.js';
import { claudeOutputFile, claudeTaskId, hostRequestBody, messageId, preview, toolUseId } from './common.js';
import { withApplied } from './cbc.js';
import { clone, profileData } from './data.js';
import type { EncodeContext, Profile, ProfileName } from '../engine/profile.js';

/**
 * Claude Code 2.1.220 and 2.1.328, from the real captures (captures/claude-code-2.1.*) and
 * claude-code-cli.md. Key orders are the real ones; `V` switches the version differences (§10).
 */
type Version = '2.1.220' | '2.1.328';

const TRAIL = ['uuid', 'session_id'] as const; // Cv.stamp appends these last (claude-code-cli.md §2)

function orders(v: Version) {
  const v328 = v === '2.1.328';
  return {
    controlEnvelope: ['type', 'response'],
    hostRequest: ['type', 'request_id', 'request'],
    hostCancel: ['type', 'request_id'],
    denial: ['tool_name', 'tool_use_id', 'tool_input'], // cli.md §7
    // claude-agent-sdk.md §3.3 (the SDK's fake CLI) and the SDK's SDKControlPermissionRequest type
    canUseTool: ['subtype', 'tool_name', 'input', 'permission_suggestions', 'tool_use_id'],
    mcpMessage: ['subtype', 'server_name', 'message'], // agent-sdk.md §3.3 (SDKControlMcpMessageRequest)
    hookCallback: ['subtype', 'callback_id', 'input', 'tool_use_id'],
    hookInput: ['session_id', 'transcript_path', 'cwd', 'permission_mode', 'hook_event_name', 'tool_name', 'tool_input', 'tool_response', 'tool_use_id', 'stop_hook_active'],
    controlSuccess: ['subtype', 'request_id', 'response', 'pending_permission_requests', 'pending_user_dialog_requests'],
    controlError: v328 ? ['subtype', 'request_id', 'error', 'error_code'] : ['subtype', 'request_id', 'error'],
    sessionState: ['type', 'subtype', 'state', 'sdk_host_only', ...TRAIL],
    assistant: ['type', 'message', 'parent_tool_use_id', 'session_id', 'uuid', 'timestamp', 'request_id'],
    assistantMessage: ['id', 'type', 'role', 'model', 'content', 'stop_reason', 'stop_sequence', 'usage', 'context_management'],
    assistantUsage: ['input_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens', 'output_tokens'],
    user: ['type', 'message', 'parent_tool_use_id', 'session_id', 'uuid', 'timestamp', 'tool_use_result'],
    userMessage: ['role', 'content'],
    toolResult: ['tool_use_id', 'type', 'content', 'is_error'],
    toolUse: ['type', 'id', 'name', 'input'],
    text: ['type', 'text'],
    toolUseResult: ['status', 'taskId', 'taskType', 'workflowName', 'runId', 'summary', 'transcriptDir', 'scriptPath'],
    bashResult: ['stdout', 'stderr', 'interrupted', 'isImage', 'noOutputExpected', 'backgroundTaskId'],
    agentResult: ['isAsync', 'status', 'agentId', 'description', 'resolvedModel', 'prompt', 'outputFile', 'canReadOutputFile', 'canContinueAgent'],
    subagentAssistant: ['type', 'message', 'parent_tool_use_id', 'agent_id', 'session_id', 'uuid', 'timestamp', 'request_id', 'subagent_type', 'task_description'],
    result: v328
      ? ['duration_api_ms', 'stop_reason', 'session_id', 'total_cost_usd', 'usage', 'modelUsage', 'permission_denials', 'terminal_reason',
         'fast_mode_state', 'fast_mode_disabled_reason', 'origin', 'subagent_stats', 'safety_stops', 'is_error', 'num_turns', 'subtype',
         'api_error_status', 'result', 'structured_output', 'ttft_ms', 'errors', 'type', 'duration_ms', 'uuid', 'ttft_stream_ms',
         'time_to_request_ms', 'first_content_frame_ms', 'queued_turn_count', 'result_index', 'model_usage_since_last_result']
      : ['is_error', 'duration_api_ms', 'num_turns', 'stop_reason', 'session_id', 'total_cost_usd', 'usage', 'modelUsage',
         'permission_denials', 'terminal_reason', 'fast_mode_state', 'fast_mode_disabled_reason', 'origin', 'subtype',
         'api_error_status', 'result', 'structured_output', 'ttft_ms', 'ttft_stream_ms', 'time_to_request_ms', 'errors', 'type',
         'duration_ms', 'uuid'],
    usage: v328
      ? ['input_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens', 'output_tokens', 'output_tokens_details', 'server_tool_use',
         'service_tier', 'cache_creation', 'inference_geo', 'iterations', 'speed', 'fallback_credit']
      : ['input_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens', 'output_tokens', 'server_tool_use', 'service_tier',
         'cache_creation', 'inference_geo', 'iterations', 'speed'],
    // the zeroed usage of an error/interrupt result puts output_tokens_details first (2.1.328)
    usageZero: v328
      ? ['output_tokens_details', 'input_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens', 'output_tokens', 'server_tool_use',
         'service_tier', 'cache_creation', 'inference_geo', 'iterations', 'speed', 'fallback_credit']
      : ['input_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens', 'output_tokens', 'server_tool_use', 'service_tier',
         'cache_creation', 'inference_geo', 'iterations', 'speed'],
    modelUsage: v328
      ? ['inputTokens', 'outputTokens', 'cacheReadInputTokens', 'cacheCreationInputTokens', 'webSearchRequests', 'costUSD', 'contextWindow',
         'maxOutputTokens', 'thinkingTokens', 'cacheCreationEphemeral5mInputTokens', 'cacheCreationEphemeral1hInputTokens', 'canonicalModel',
         'provider', 'costBasis']
      : ['inputTokens', 'outputTokens', 'cacheReadInputTokens', 'cacheCreationInputTokens', 'webSearchRequests', 'costUSD', 'contextWindow',
         'maxOutputTokens', 'canonicalModel', 'provider'],
    origin: ['kind', 'producer', 'runId'],
    bgChanged: ['type', 'subtype', 'tasks', ...TRAIL],
    bgTask: ['task_id', 'run_id', 'task_type', 'description'],
    taskStarted: ['type', 'subtype', 'task_id', 'run_id', 'tool_use_id', 'description', 'subagent_type', 'is_backgrounded', 'spawn_depth', 'task_type', 'workflow_name', 'prompt', ...TRAIL],
    taskProgress: ['type', 'subtype', 'task_id', 'run_id', 'tool_use_id', 'description', 'subagent_type', 'usage', 'last_tool_name', 'summary', 'workflow_progress', ...TRAIL],
    taskUsage: ['total_tokens', 'tool_uses', 'duration_ms'],
    taskUpdated: ['type', 'subtype', 'task_id', 'run_id', 'patch', ...TRAIL],
    patch: ['status', 'end_time', 'error'],
    taskNotification: ['type', 'subtype', 'task_id', 'run_id', 'tool_use_id', 'status', 'output_file', 'summary', 'summary_is_report', 'usage', ...TRAIL],
    phaseRow: ['type', 'index', 'title'],
    agentRow: ['type', 'index', 'label', 'phaseIndex', 'phaseTitle', 'agentId', 'model', 'state', 'cached', 'startedAt', 'queuedAt', 'attempt',
      'promptPreview', 'promptFramed', 'lastProgressAt', 'tokens', 'toolCalls', 'durationMs', 'resultPreview', 'error', 'endedWithRun'],
    subagentStats: ['spawned', 'requested', 'started_in_background', 'max_depth', 'spawned_by_subagents', 'completed', 'failed', 'killed', 'refused', 'by_type'],
  } as const;
}

const TOOLS_328 = ['Task', 'Bash', 'CronCreate', 'CronDelete', 'CronList', 'Edit', 'EnterWorktree', 'ExitWorktree', 'ListAgents', 'Monitor',
  'NotebookEdit', 'Read', 'ReportFindings', 'ScheduleWakeup', 'SendMessage', 'Skill', 'TaskStop', 'ToolSearch', 'WebFetch', 'WebSearch', 'Workflow', 'Write'];
const TOOLS_220 = ['Task', 'Bash', 'CronCreate', 'CronDelete', 'CronList', 'Edit', 'EnterWorktree', 'ExitWorktree', 'NotebookEdit', 'Read',
  'ReportFindings', 'ScheduleWakeup', 'SendMessage', 'Skill', 'TaskCreate', 'TaskGet', 'TaskList', 'TaskOutput', 'TaskStop', 'TaskUpdate',
  'WebFetch', 'WebSearch', 'Workflow', 'Write'];

function makeClaude(v: Version): Profile {
  const v328 = v === '2.1.328';
  const name: ProfileName = v328 ? 'claude-2.1.328' : 'claude-2.1.220';
  const K = orders(v);
  const data = () => profileData(name as 'claude-2.1.220' | 'claude-2.1.328');
  const trail = (ctx: EncodeContext) => ({ uuid: ctx.rng.uuid(), session_id: ctx.sessionId });
  const model = (ctx: EncodeContext) => ctx.model;
  const canonicalModel = (m: string) => m.replace(/\[1m\]$/, '');
  const price = { input: v328 ? 4e-6 : 5e-6, output: v328 ? 20e-6 : 25e-6 };

  const controlPayload = (p: ControlPayload, ctx: EncodeContext): Obj | undefined => {
    switch (p.kind) {
      case 'initialize': {
        const r = clone(data().initializeResponse);
        r['pid'] = ctx.pid;
        if (v328) {
          r['current_permission_mode'] = ctx.permissionMode;
          r['user_output_styles_dir'] = join(homedir(), '.claude', 'output-styles');
        }
        const out = withApplied(r, p.request);
        // measured (capture init_fields, issue #5): hooks_applied sits right before hook_on_failure_supported
        if (!('hooks_applied' in out && 'hook_on_failure_supported' in out)) return out;
        return Object.fromEntries(Object.entries(out).flatMap(([k, x]): Array<[string, unknown]> => (k === 'hooks_applied' ? [] : k === 'hook_on_failure_supported' ? [['hooks_applied', true], [k, x]] : [[k, x]])));
      }
      case 'interrupt':
        return { still_queued: [] }; // claude-code-cli.md §8
      case 'set_permission_mode':
      case 'set_model':
      case 'set_max_thinking_tokens':
      case 'stop_task':
        return {};
      case 'mcp_status':
        return { mcpServers: [] };
      case 'get_available_modes':
      case 'get_available_models':
        return {};
    }
  };

  const assistant = (ctx: EncodeContext, id: string, content: Obj[], outputTokens: number, sub?: TaskInfo): Obj =>
    ordered(sub ? K.subagentAssistant : K.assistant, {
      type: 'assistant',
      message: ordered(K.assistantMessage, {
        id,
        type: 'message',
        role: 'assistant',
        model: model(ctx),
        content,
        stop_reason: null,
        stop_sequence: null,
        usage: ordered(K.assistantUsage, { input_tokens: 100, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: outputTokens }),
        context_management: null,
      }),
      parent_tool_use_id: sub ? sub.toolUseId : null,
      agent_id: sub?.taskId,
      session_id: ctx.sessionId,
      uuid: ctx.rng.uuid(),
      timestamp: iso(ctx.now),
      request_id: 'req_01' + ctx.rng.chars('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 22),
      subagent_type: sub?.subagentType,
      task_description: sub?.description,
    });

  const usage = (input: number, output: number, zero: boolean): Obj =>
    ordered(zero ? K.usageZero : K.usage, {
      input_tokens: input,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: output,
      output_tokens_details: v328 ? { thinking_tokens: 0 } : undefined,
      server_tool_use: { web_search_requests: 0, web_fetch_requests: 0 },
      service_tier: 'standard',
      cache_creation: { ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: 0 },
      inference_geo: '',
      iterations: [],
      speed: 'standard',
      fallback_credit: v328 ? null : undefined,
    });

  const modelUsage = (ctx: EncodeContext, input: number, output: number): Obj => {
    if (input === 0 && output === 0) return {};
    const m = model(ctx);
    const cost = input * price.input + output * price.output;
    return {
      [m]: ordered(K.modelUsage, {
        inputTokens: input,
        outputTokens: output,
        cacheReadInputTokens: 0,
        cacheCreationInputTokens: 0,
        webSearchRequests: 0,
        costUSD: cost,
        contextWindow: 1000000,
        maxOutputTokens: v328 ? 128000 : 64000,
        thinkingTokens: v328 ? 0 : undefined,
        cacheCreationEphemeral5mInputTokens: v328 ? 0 : undefined,
        cacheCreationEphemeral1hInputTokens: v328 ? 0 : undefined,
        canonicalModel: canonicalModel(m),
        provider: 'firstParty',
        costBasis: v328 ? 'list' : undefined,
      }),
    };
  };

  const subagentStats = (): Obj =>
    ordered(K.subagentStats, {
      spawned: 0,
      requested: { background: 0, foreground: 0, unset: 0 },
      started_in_background: 0,
      max_depth: 0,
      spawned_by_subagents: 0,
      completed: 0,
      failed: 0,
      killed: { parent: 0, user: 0, system: 0 },
      refused: { depth_limit: 0, concurrency_limit: 0, budget: 0 },
      by_type: {},
    });

  const agentRow = (r: AgentRow): Obj => {
    // rows ended by the run's stop carry only error + endedWithRun (captures/claude-code-2.1.328/wfstop)
    const terminal = r.state !== 'start' && r.endedWithRun === undefined;
    return ordered(K.agentRow, {
      type: r.type,
      index: r.index,
      label: r.label,
      phaseIndex: r.phaseIndex,
      phaseTitle: r.phaseTitle,
      agentId: r.agentId,
      model: r.model,
      state: r.state === 'cached' ? 'done' : r.state, // Claude replays cached agents as done + cached:true
      cached: r.state === 'cached' ? true : undefined,
      startedAt: r.startedAt,
      queuedAt: r.queuedAt,
      attempt: 1,
      promptPreview: preview(r.prompt),
      promptFramed: v328 ? true : undefined,
      lastProgressAt: r.lastProgressAt,
      tokens: terminal ? r.tokens : undefined,
      toolCalls: terminal ? r.toolCalls : undefined,
      durationMs: terminal ? r.durationMs ?? 0 : undefined,
      resultPreview: r.state === 'done' || r.state === 'cached' ? preview(r.resultPreview) : undefined,
      error: r.state === 'error' ? r.error : undefined,
      endedWithRun: v328 ? r.endedWithRun : undefined,
    });
  };

  const row = (r: TimelineRow): Obj =>
    r.type === 'workflow_phase' ? ordered(K.phaseRow, { type: r.type, index: r.index, title: r.title }) : agentRow(r);

  /** The `tool_use_result` of a background launch, per tool (captures wf1, bgbash1, bgagent). */
  const toolUseResult = (t: TaskInfo, ctx: EncodeContext): Obj => {
    if (t.kind === 'workflow') {
      return ordered(K.toolUseResult, { status: 'async_launched', taskId: t.taskId, taskType: taskType(t), workflowName: t.workflowName, summary: t.description });
    }
    if (t.kind === 'agent') {
      return ordered(K.agentResult, {
        isAsync: true,
        status: 'async_launched',
        agentId: t.taskId,
        description: t.description,
        resolvedModel: model(ctx),
        prompt: t.prompt,
        outputFile: t.outputFile,
        canReadOutputFile: true,
        canContinueAgent: true,
      });
    }
    return ordered(K.bashResult, { stdout: '', stderr: '', interrupted: false, isImage: false, noOutputExpected: false, backgroundTaskId: t.taskId });
  };

  /** The leading keys of every task_* frame: type, subtype, task_id and (2.1.328) run_id. */
  const head = (subtype: string, t: TaskInfo) => ({ type: 'system', subtype, task_id: t.taskId, run_id: v328 ? t.runId : undefined });

  const taskType = (t: TaskInfo) => (t.kind === 'workflow' ? 'local_workflow' : t.kind === 'agent' ? 'local_agent' : 'local_bash');

  const encode = (ev: EngineEvent, ctx: EncodeContext): Obj | Obj[] | undefined => {
    switch (ev.kind) {
      case 'control_success': {
        const init = ev.payload.kind === 'initialize';
        // 2.1.220's first initialize reply has no pending_* keys; a repeated one does (claude-code-cli.md §3)
        const pending = init && (v328 || (ev.payload.kind === 'initialize' && ev.payload.repeat));
        return ordered(K.controlEnvelope, {
          type: 'control_response',
          response: ordered(K.controlSuccess, {
            subtype: 'success',
            request_id: ev.requestId,
            response: controlPayload(ev.payload, ctx),
            pending_permission_requests: pending ? [] : undefined,
            pending_user_dialog_requests: pending ? [] : undefined,
          }),
        });
      }
      case 'control_error':
        return ordered(K.controlEnvelope, {
          type: 'control_response',
          response: ordered(K.controlError, {
            subtype: 'error',
            request_id: ev.requestId,
            error: ev.message ?? `Unsupported control request subtype: ${ev.subtype}`,
            error_code: v328 && ev.reason === 'unsupported' ? 'unsupported_request' : undefined,
          }),
        });
      case 'session_state':
        return ordered(K.sessionState, {
          type: 'system',
          subtype: 'session_state_changed',
          state: ev.state,
          sdk_host_only: v328 && ctx.sdkReadsSessionState ? true : undefined,
          ...trail(ctx),
        });
      case 'turn_init': {
        const tpl = clone(data().systemInit);
        tpl['cwd'] = ctx.cwd;
        tpl['session_id'] = ctx.sessionId;
        tpl['tools'] = ctx.tools;
        tpl['model'] = ctx.model;
        tpl['permissionMode'] = ctx.permissionMode;
        tpl['uuid'] = ctx.rng.uuid();
        tpl['memory_paths'] = { auto: join(homedir(), '.claude', 'projects', dashedCwd(ctx.cwd), 'memory') + '/' };
        if (v328) {
          tpl['original_cwd'] = ctx.cwd;
          tpl['messaging_socket_path'] = join(process.env['XDG_RUNTIME_DIR'] ?? '/tmp', 'cc-socks', `${ctx.pid}.sock`);
        }
        return tpl;
      }
      case 'host_request':
        return ordered(K.hostRequest, { type: 'control_request', request_id: ev.requestId, request: hostRequestBody(ev.request, ctx, K, true) });
      case 'host_cancel':
        return ordered(K.hostCancel, { type: 'control_cancel_request', request_id: ev.requestId });
      case 'turn_preamble':
      case 'input_error':
        return undefined;
      case 'assistant_text':
        return assistant(ctx, ev.messageId, [ordered(K.text, { type: 'text', text: ev.text })], 20);
      case 'subagent_text':
        return assistant(ctx, ev.messageId, [ordered(K.text, { type: 'text', text: ev.text })], 1, ev.task);
      case 'assistant_tool_use':
        return assistant(ctx, ev.messageId, [ordered(K.toolUse, { type: 'tool_use', id: ev.toolUseId, name: ev.name, input: ev.input })], 1);
      case 'tool_result': {
        const t = ev.task;
        const agentLaunch = t?.kind === 'agent';
        return ordered(K.user, {
          type: 'user',
          message: ordered(K.userMessage, {
            role: 'user',
            content: [
              ordered(K.toolResult, {
                tool_use_id: ev.toolUseId,
                type: 'tool_result',
                // captures bgagent: the Agent launch result is a list of text blocks
                content: agentLaunch ? [ordered(K.text, { type: 'text', text: ev.content })] : ev.content,
                is_error: agentLaunch ? undefined : ev.isError,
              }),
            ],
          }),
          parent_tool_use_id: null,
          session_id: ctx.sessionId,
          uuid: ctx.rng.uuid(),
          timestamp: iso(ctx.now),
          tool_use_result: t ? toolUseResult(t, ctx) : undefined,
        });
      }
      case 'interrupted_user':
        return ordered(K.user, {
          type: 'user',
          message: ordered(K.userMessage, { role: 'user', content: [ordered(K.text, { type: 'text', text: '[Request interrupted by user]' })] }),
          parent_tool_use_id: null,
          session_id: ctx.sessionId,
          uuid: ctx.rng.uuid(),
          timestamp: iso(ctx.now),
        });
      case 'result': {
        const s = ev.stats;
        const zero = !ev.ok;
        const input = zero ? 0 : s.inputTokens;
        const output = zero ? 0 : s.outputTokens;
        const mu = modelUsage(ctx, input, output);
        const cost = input * price.input + output * price.output;
        const ttft = Math.max(1, s.apiMs - 5);
        return ordered(K.result, {
          duration_api_ms: zero ? 0 : s.apiMs,
          stop_reason: ev.ok ? (ev.structured ? 'tool_use' : 'end_turn') : null,
          session_id: ctx.sessionId,
          total_cost_usd: cost,
          usage: usage(input, output, zero),
          modelUsage: mu,
          permission_denials: ev.stats.permissionDenials.map((d) => ordered(K.denial, { ...d })),
          terminal_reason: ev.ok ? 'completed' : ev.interrupted ? 'aborted_streaming' : 'turn_setup_failed',
          fast_mode_state: 'off',
          fast_mode_disabled_reason: 'sdk_opt_in_required',
          origin:
            s.origin.kind === 'task-notification'
              ? ordered(K.origin, { kind: 'task-notification', producer: v328 ? 'session-task' : undefined, runId: v328 ? s.origin.runId : undefined })
              : undefined,
          subagent_stats: v328 ? subagentStats() : undefined,
          safety_stops: v328 ? 0 : undefined,
          is_error: !ev.ok,
          num_turns: s.numTurns,
          subtype: ev.ok ? 'success' : 'error_during_execution',
          api_error_status: ev.ok ? null : undefined,
          result: ev.ok ? ev.text : undefined,
          structured_output: ev.structured?.value,
          ttft_ms: ev.ok ? ttft : undefined,
          ttft_stream_ms: ev.ok && !v328 ? ttft - 1 : undefined,
          time_to_request_ms: ev.ok && !v328 ? Math.max(0, ttft - 20) : undefined,
          errors: ev.ok ? undefined : ev.errors,
          type: 'result',
          duration_ms: s.endedAt - s.startedAt,
          uuid: ctx.rng.uuid(),
          ...(v328
            ? {
                ttft_stream_ms: ev.ok ? ttft - 1 : undefined,
                time_to_request_ms: ev.ok ? Math.max(0, ttft - 20) : undefined,
                first_content_frame_ms: ev.ok ? ttft : undefined,
                queued_turn_count: 0,
                result_index: s.resultIndex,
                model_usage_since_last_result: mu,
              }
            : {}),
        });
      }
      case 'bg_tasks_changed': {
        const want = v328 ? ev.at !== 'before-updated' : ev.at !== 'after-notification' && ev.at !== 'reinitialize';
        if (!want) return undefined;
        return ordered(K.bgChanged, {
          type: 'system',
          subtype: 'background_tasks_changed',
          tasks: ev.tasks.map((t) =>
            ordered(K.bgTask, { task_id: t.taskId, run_id: v328 ? t.runId : undefined, task_type: taskType(t), description: t.description }),
          ),
          ...trail(ctx),
        });
      }
      case 'task_started':
        return ordered(K.taskStarted, {
          ...head('task_started', ev.task),
          tool_use_id: ev.task.toolUseId,
          description: ev.task.description,
          subagent_type: ev.task.subagentType,
          is_backgrounded: v328 && ev.task.kind !== 'workflow' ? true : undefined,
          spawn_depth: v328 && ev.task.kind === 'agent' ? 1 : undefined,
          task_type: taskType(ev.task),
          workflow_name: ev.task.workflowName,
          prompt: ev.task.prompt,
          ...trail(ctx),
        });
      case 'task_progress': {
        if (ev.final && !v328) return undefined;
        // workflows: description and last_tool_name come from the last changed row (cli.md §5.2);
        // sub-agents: the task's own description and the tool just used (seed 002 §8)
        const wf = ev.task.kind === 'workflow';
        const last = wf && !ev.final ? ev.last : undefined;
        return ordered(K.taskProgress, {
          ...head('task_progress', ev.task),
          tool_use_id: ev.task.toolUseId,
          description: last ? (last.phaseTitle ? `${last.phaseTitle}: ${last.label}` : last.label) : ev.task.description,
          subagent_type: wf ? undefined : ev.task.subagentType,
          usage: ordered(K.taskUsage, { ...ev.usage }),
          last_tool_name: wf ? last?.label : ev.lastToolName,
          summary: wf ? ev.task.description : undefined,
          workflow_progress: wf ? ev.rows.map(row) : undefined,
          ...trail(ctx),
        });
      }
      case 'task_updated':
        return ordered(K.taskUpdated, {
          ...head('task_updated', ev.task),
          patch: ordered(K.patch, { ...ev.patch }),
          ...trail(ctx),
        });
      case 'task_notification':
        return ordered(K.taskNotification, {
          ...head('task_notification', ev.task),
          tool_use_id: ev.task.toolUseId,
          status: ev.status,
          output_file: ev.task.outputFile,
          summary: ev.summary,
          summary_is_report: v328 && ev.task.kind === 'agent' && ev.status === 'completed' ? true : undefined,
          // a stopped run's notification has no usage (captures wfstop, stoptask)
          usage: ev.usage && ev.status !== 'stopped' ? ordered(K.taskUsage, { ...ev.usage }) : undefined,
          ...trail(ctx),
        });
    }
  };

  return {
    name,
    cli: 'claude',
    version: v,
    behavior: {
      lateAbortRows: false,
      abortError: () => 'Stopped because the workflow was stopped',
      stopSnapshot: v328,
      controlSubtypes: new Set(['initialize', 'interrupt', 'set_permission_mode', 'set_model', 'set_max_thinking_tokens', 'stop_task', 'mcp_status']),
      exitCodeAfterErrorResult: 1, // claude-code-cli.md §8
      requiresVerboseForStreamJson: true,
      emitsSessionState: (env) => truthy(env['CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS']),
      settingsDir: '.claude',
      defaultModel: v328 ? 'claude-opus-5-5' : 'claude-opus-5[1m]',
      tools: v328 ? TOOLS_328 : TOOLS_220,
      malformedLine: (line, err) => ({
        fatal: v328
          ? `Error parsing streaming input line (type=${/"type"\s*:\s*"([^"]*)"/.exec(line)?.[1] ?? 'unknown'}, ${line.length} chars): ${err.name}`
          : `Error parsing streaming input line: ${line}: ${err.name}: JSON Parse error: ${bunJsonError(line)}`,
      }),
      // cli.md §5.4 summary texts; a stopped task's summary is its bare description (captures wfstop, stoptask)
      summary: (t, status, d) => {
        if (status === 'stopped') return t.description;
        if (t.kind === 'workflow') return status === 'completed' ? `Dynamic workflow "${t.description}" completed` : `Dynamic workflow "${t.description}" failed: ${d.error ?? 'Error'}`;
        if (t.kind === 'agent') return d.result ?? '';
        return status === 'completed'
          ? `Background command "${t.description}" completed (exit code ${d.exitCode ?? 0})`
          : `Background command "${t.description}" failed with exit code ${d.exitCode ?? 1}`;
      },
      launchedText: (t) =>
        t.kind === 'workflow'
          ? `Workflow launched in background. Task ID: ${t.taskId}\nSummary: ${t.description}\n\nYou will be notified when it completes. Use /workflows to watch live progress.`
          : t.kind === 'agent'
            ? `Async agent launched successfully. (This tool result is internal metadata — never quote or paste any part of it, including the agentId below, into a user-facing reply.)\nagentId: ${t.taskId} (internal ID - do not mention to user. Use SendMessage with to: '${t.taskId}', summary: '<5-10 word recap>' to continue this agent.)\nThe agent is working in the background. You will be notified automatically when it completes. You know nothing about its results until that notification arrives — do not report, assume, or predict them; continue other work or respond to the user in the meantime.\nDo not duplicate this agent's work — avoid working with the same files or topics it is using.\noutput_file: ${t.outputFile}\nDo NOT Read or tail this file via the shell tool — it is the full subagent JSONL transcript and reading it will overflow your context. If the user asks for progress, say the agent is still running; you'll get a completion notification.`
            : `Command running in background with ID: ${t.taskId}. Output is being written to: ${t.outputFile}. You will be notified when it completes. To check interim output, use Read on that file path.`,
      backgroundInPrint: 'wait', // cli.md §9: no error; the CLI waits, then runs a follow-up turn
      interruptedErrors: ['[ede_diagnostic] result_type=user last_content_type=n/a stop_reason=null'],
      interruptedTurnSucceeds: false,
      outputFile: claudeOutputFile,
      shellStderrFile: () => undefined,
      toolUseBeforePermissionRequest: true,
      asksHostWithoutPromptTool: false,
      workflowInputNamesScriptPath: false,
      workflowPromptInTaskStarted: true,
      mcpClientName: 'claude-code',
      versionText: `${v} (Claude Code)\n`,
      helpName: name,
    },
    ids: {
      sessionId: (rng) => rng.uuid(),
      taskId: claudeTaskId,
      runId: v328 ? (now, rng) => `${now.toString(36).padStart(9, '0')}-${rng.hex(8)}` : undefined,
      toolUseId,
      messageId,
      hostRequestId: (_kind, _now, _n, rng) => rng.uuid(), // no capture of Claude Code's CLI-initiated request ids
      agentId: (_c, rng) => 'a' + rng.hex(16),
    },
    encode,
    controlPayload,
  };
}


/** Bun's JSON.parse message for the first bad token (2.1.220 is a Bun binary). */
function bunJsonError(line: string): string {
  const t = line.trimStart();
  const word = /^[A-Za-z_$][\w$]*/.exec(t)?.[0];
  if (word) return `Unexpected identifier "${word}"`;
  return 'Unexpected token';
}

export const claude220Profile = (): Profile => makeClaude('2.1.220');
export const claude328Profile = (): Profile => makeClaude('2.1.328');
