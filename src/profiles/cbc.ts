import { join } from 'node:path';
import type { AgentRow, ControlPayload, EngineEvent, TimelineRow } from '../engine/events.js';
import { ordered, iso, type Obj } from '../protocol/shape.js';
import { contentAgentId, hostRequestBody, preview, toolUseId } from './common.js';
import { clone, profileData } from './data.js';
import type { EncodeContext, Profile, ProfileBehavior, ProfileName } from '../engine/profile.js';


/**
 * The `cbc` profiles. Task/workflow shapes follow seeds 000 and 002 (key order of shapes the seed
 * declares identical to Claude Code 2.1.220 follows the real 2.1.220 bytes); frames the seeds do not
 * show follow the real cbc 2.117.0 captures (captures/cbc-2.117.0). Every choice is in docs/fidelity.md.
 */
const K = {
  controlEnvelope: ['type', 'response'],
  controlSuccess: ['subtype', 'request_id', 'response'],
  controlError: ['subtype', 'request_id', 'error'],
  error: ['type', 'error'],
  hostRequest: ['type', 'request_id', 'request'],
  hostCancel: ['type', 'request_id'],
  denial: ['tool_name', 'tool_use_id', 'tool_input'],
  // measured on cbc 2.117.0 (tool turn, default mode): perm_<ms>_<n>, {subtype, tool_name, input, tool_use_id}
  canUseTool: ['subtype', 'tool_name', 'input', 'tool_use_id'],
  // codebuddy-sdk.md §4: {subtype, server_name, message} with a JSON-RPC message, id mcp_<ms>_<n>
  mcpMessage: ['subtype', 'server_name', 'message'],
  // codebuddy-sdk.md §4: hook_callback input order
  hookCallback: ['subtype', 'callback_id', 'input', 'tool_use_id'],
  hookInput: ['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'tool_name', 'tool_input', 'tool_response', 'tool_use_id'],
  init: ['type', 'subtype', 'uuid', 'session_id', 'apiKeySource', 'cwd', 'tools', 'mcp_servers', 'model', 'permissionMode', 'slash_commands', 'output_style', '__timestamp', '_requestId'],
  status: ['type', 'subtype', 'status', 'uuid', 'session_id', '__timestamp', '_requestId'],
  snapshot: ['type', 'id', 'timestamp', 'isSnapshotUpdate', 'snapshot', '__timestamp', '_requestId'],
  snapshotBody: ['messageId', 'trackedFileBackups'],
  assistant: ['type', 'uuid', 'session_id', 'message', 'parent_tool_use_id', '__timestamp', '_requestId'],
  assistantMessage: ['id', 'content', 'model', 'role', 'stop_reason', 'stop_sequence', 'type', 'usage'],
  usage: ['input_tokens', 'output_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens', 'cache_creation', 'server_tool_use', 'service_tier'],
  // measured on cbc 2.117.0 (tool turn): content before role, parent_tool_use_id is the call id
  user: ['type', 'uuid', 'session_id', 'message', 'parent_tool_use_id', '__timestamp', '_requestId'],
  userMessage: ['content', 'role'],
  toolResult: ['type', 'tool_use_id', 'content', 'is_error'],
  toolUse: ['type', 'id', 'name', 'input'],
  text: ['type', 'text'],
  // measured on cbc 2.117.0: `result` right after is_error; structured_output / errors after permission_denials
  result: ['type', 'subtype', 'is_error', 'result', 'uuid', 'session_id', 'duration_ms', 'duration_api_ms', 'num_turns', 'total_cost_usd', 'usage', 'permission_denials', 'structured_output', 'errors', '__timestamp'],
  // seed 000 §5.1, key order per real 2.1.220 bytes (seed §7 declares the shape identical); no `prompt` (cbc omits it)
  taskStarted: ['type', 'subtype', 'task_id', 'tool_use_id', 'description', 'task_type', 'workflow_name', 'uuid', 'session_id'],
  // seed 000 §5.2 + seed 002 §8 (last_tool_name optional)
  taskProgress: ['type', 'subtype', 'task_id', 'tool_use_id', 'description', 'usage', 'last_tool_name', 'workflow_progress', 'uuid', 'session_id'],
  taskUsage: ['total_tokens', 'tool_uses', 'duration_ms'],
  // seed 002 §8 example: patch, then a top-level status
  taskUpdated: ['type', 'subtype', 'task_id', 'patch', 'status', 'uuid', 'session_id'],
  patch: ['status', 'end_time', 'error'],
  // seed 002 §8 example order (no uuid in the seed's notification)
  taskNotification: ['type', 'subtype', 'task_id', 'tool_use_id', 'status', 'summary', 'output_file', 'output_stderr_file', 'usage', 'session_id'],
  phaseRow: ['type', 'index', 'title'],
  // seed 000 §5.2 field set; order of shared keys per real 2.1.220 rows; endedAt (cbc-only) after startedAt
  agentRow: ['type', 'index', 'label', 'phaseIndex', 'phaseTitle', 'agentId', 'state', 'startedAt', 'endedAt', 'tokens', 'resultPreview', 'error'],
} as const;

const TOOLS = [
  'Agent', 'Read', 'Write', 'Edit', 'Bash', 'PowerShell', 'Glob', 'Grep', 'EnterPlanMode', 'ExitPlanMode', 'TaskCreate', 'TaskGet',
  'TaskUpdate', 'TaskList', 'WebFetch', 'WebSearch', 'TaskStop', 'TaskOutput', 'Skill', 'SkillManage', 'AskUserQuestion',
  'StructuredOutput', 'ToolSearch', 'DeferExecuteTool', 'SendMessage', 'TeamCreate', 'TeamDelete', 'NotebookEdit', 'LSP', 'ImageGen',
  'ImageEdit', 'VideoGen', 'EnterWorktree', 'LeaveWorktree', 'CronCreate', 'CronDelete', 'CronList', 'WeChatReply', 'WeComReply',
  'ComputerUse', 'ListMcpResources', 'ReadMcpResource', 'WaitForMcpServers', 'Workflow',
];

const CBC_VERSION = '2.117.0';

function behavior(strict: boolean): ProfileBehavior {
  const controls = ['initialize', 'interrupt', 'set_permission_mode', 'set_model', 'get_available_modes', 'get_available_models', 'stop_task'];
  // cbc 2.117.0 answers mcp_status and set_max_thinking_tokens with "Unknown control request subtype" (codebuddy-sdk.md §4)
  if (!strict) controls.push('mcp_status', 'set_max_thinking_tokens');
  return {
    lateAbortRows: true,
    abortError: (reason) => `subagent aborted: ${reason}`,
    stopSnapshot: false,
    controlSubtypes: new Set(controls),
    exitCodeAfterErrorResult: 0, // codebuddy-sdk.md §8: on EOF it exits 0
    requiresVerboseForStreamJson: false, // seed 002 §7 runs -p --output-format stream-json without --verbose
    emitsSessionState: () => false,
    settingsDir: '.codebuddy',
    defaultModel: 'default-model',
    tools: TOOLS,
    // real cbc 2.117.0 (measured): {"type":"error","error":"Error parsing streaming input line: <line>: SyntaxError: <V8 text>"} and it carries on
    malformedLine: (line, err) => ({ report: `Error parsing streaming input line: ${line}: ${err.name}: ${err.message}` }),
    sessionBoundBeforeFirstTurn: strict ? new Set(['interrupt', 'set_permission_mode', 'set_model']) : undefined,
    // seed 002 §8 gives `Background agent "<description>" completed`; the other wordings follow it (emulator wording)
    summary: (t, status, d) => {
      if (t.kind === 'workflow') return status === 'failed' ? `Workflow "${t.workflowName}" failed: ${d.error ?? 'unknown error'}` : `Workflow "${t.workflowName}" ${status}`;
      if (t.kind === 'agent') return status === 'stopped' ? `Background agent "${t.description}" was stopped` : `Background agent "${t.description}" ${status}`;
      if (status === 'completed') return `Background command "${t.description}" completed (exit code ${d.exitCode ?? 0})`;
      if (status === 'failed') return `Background command "${t.description}" failed with exit code ${d.exitCode ?? 1}`;
      return `Background command "${t.description}" was stopped`;
    },
    launchedText: (t) =>
      t.kind === 'workflow'
        ? `Workflow launched in background. Task ID: ${t.taskId}\nSummary: ${t.description}\n\nYou will be notified when it completes.`
        : t.kind === 'agent'
          ? `Background agent launched. Task ID: ${t.taskId}\nOutput file: ${t.outputFile}\nYou will be notified when it completes.`
          : `Command running in background with ID: ${t.taskId}. Output is being written to: ${t.outputFile}. You will be notified when it completes.`,
    backgroundInPrint: 'error',
    interruptedErrors: [],
    interruptedTurnSucceeds: true,
    outputFile: (home, _cwd, sessionId, taskId) => join(home, 'sessions', sessionId, 'bg-tasks', `${taskId}.stdout.log`),
    shellStderrFile: (outputFile) => outputFile.replace(/\.stdout\.log$/, '.stderr.log'),
    toolUseBeforePermissionRequest: false,
    asksHostWithoutPromptTool: true,
    workflowInputNamesScriptPath: true,
    workflowPromptInTaskStarted: false,
    mcpClientName: 'codebuddy-code',
    versionText: `${CBC_VERSION}\n`,
    helpName: 'cbc',
  };
}

function makeCbc(name: ProfileName, strict: boolean): Profile {
  const data = () => profileData('cbc');
  const stamp = (ctx: EncodeContext) => iso(ctx.now);

  const controlPayload = (p: ControlPayload, ctx: EncodeContext): Obj | undefined => {
    switch (p.kind) {
      case 'initialize': {
        const r = clone(data().initializeResponse);
        r['currentModelId'] = ctx.model;
        return withApplied(r, p.request);
      }
      case 'interrupt':
        // seed 000 §4.3.1: the ACK has no payload; cbc 2.117.0 really answers with {session_id, interrupted, reason}
        return strict ? { session_id: p.sessionId, interrupted: true, reason: p.requested ?? 'SDK request' } : undefined;
      case 'set_permission_mode':
        return { session_id: p.sessionId, mode: p.mode, previous_mode: p.previous, plan_file_path: null };
      case 'set_model':
        return { session_id: p.sessionId, model: p.model, previous_model: p.previous };
      case 'get_available_modes':
        return clone(data().availableModes ?? {});
      case 'get_available_models': {
        const models = (data().initializeResponse['models'] as Array<{ id: string; name: string }>) ?? [];
        return { availableModels: models.map((m) => ({ modelId: m.id, name: m.name })), rawModels: clone(models) };
      }
      case 'mcp_status':
        return { mcpServers: [] };
      case 'set_max_thinking_tokens':
      case 'stop_task':
        return undefined;
    }
  };

  const usageObj = (input: number, output: number): Obj =>
    ordered(K.usage, {
      input_tokens: input,
      output_tokens: output,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      cache_creation: null,
      server_tool_use: null,
      service_tier: null,
    });

  const assistant = (ctx: EncodeContext, id: string, content: Obj[], stopReason: string | null = null, requestId: string | undefined = ctx.turnRequestId): Obj =>
    ordered(K.assistant, {
      type: 'assistant',
      uuid: id,
      session_id: ctx.sessionId,
      message: ordered(K.assistantMessage, {
        id,
        content,
        model: ctx.model,
        role: 'assistant',
        stop_reason: stopReason,
        stop_sequence: null,
        type: 'message',
        usage: usageObj(0, 0),
      }),
      parent_tool_use_id: null,
      __timestamp: stamp(ctx),
      _requestId: requestId,
    });

  const row = (r: TimelineRow): Obj =>
    r.type === 'workflow_phase'
      ? ordered(K.phaseRow, { type: r.type, index: r.index, title: r.title })
      : agentRow(r);

  const agentRow = (r: AgentRow): Obj =>
    ordered(K.agentRow, {
      type: r.type,
      index: r.index,
      label: r.label,
      phaseIndex: r.phaseIndex,
      phaseTitle: r.phaseTitle,
      agentId: r.agentId,
      state: r.state,
      startedAt: r.startedAt,
      endedAt: r.endedAt,
      tokens: r.state === 'done' ? r.tokens : undefined,
      resultPreview: r.state === 'done' || r.state === 'cached' ? preview(r.resultPreview) : undefined,
      error: r.state === 'error' ? r.error : undefined,
    });

  const taskType = (kind: string): string =>
    kind === 'workflow' ? 'local_workflow' : kind === 'bash' ? 'Bash' : kind === 'powershell' ? 'PowerShell' : 'Agent';

  const encode = (ev: EngineEvent, ctx: EncodeContext): Obj | Obj[] | undefined => {
    switch (ev.kind) {
      case 'control_success': {
        const payload = controlPayload(ev.payload, ctx);
        return ordered(K.controlEnvelope, {
          type: 'control_response',
          response: ordered(K.controlSuccess, { subtype: 'success', request_id: ev.requestId, response: payload }),
        });
      }
      case 'control_error':
        return ordered(K.controlEnvelope, {
          type: 'control_response',
          response: ordered(K.controlError, {
            subtype: 'error',
            request_id: ev.requestId,
            error: ev.message ?? `Unknown control request subtype: ${ev.subtype}`,
          }),
        });
      case 'session_state':
        return undefined;
      case 'host_request':
        return ordered(K.hostRequest, { type: 'control_request', request_id: ev.requestId, request: hostRequestBody(ev.request, ctx, K, false) });
      case 'host_cancel':
        return ordered(K.hostCancel, { type: 'control_cancel_request', request_id: ev.requestId });
      case 'input_error':
        return ordered(K.error, { type: 'error', error: ev.message });
      case 'turn_init': {
        const tpl = data().systemInit;
        return ordered(K.init, {
          type: 'system',
          subtype: 'init',
          uuid: ctx.sessionId, // real cbc 2.117.0: init uuid equals session_id
          session_id: ctx.sessionId,
          apiKeySource: tpl['apiKeySource'],
          cwd: ctx.cwd,
          tools: ctx.tools,
          mcp_servers: [],
          model: ctx.model,
          permissionMode: ctx.permissionMode,
          slash_commands: clone(tpl['slash_commands']),
          output_style: tpl['output_style'],
          __timestamp: stamp(ctx),
          _requestId: ctx.turnRequestId,
        });
      }
      case 'turn_preamble':
        // real cbc 2.117.0 (real-turn.out): system/status then file-history-snapshot before the reply
        return cbcPreamble(ctx, ev.messageId);
      case 'assistant_text':
        return assistant(ctx, ev.messageId, [ordered(K.text, { type: 'text', text: ev.text })]);
      case 'subagent_text':
        return undefined; // no capture of cbc sub-agent transcript frames
      case 'assistant_tool_use':
        return assistant(ctx, ev.messageId, [ordered(K.toolUse, { type: 'tool_use', id: ev.toolUseId, name: ev.name, input: ev.input })], 'tool_use');
      case 'tool_result':
        return ordered(K.user, {
          type: 'user',
          uuid: ctx.rng.uuid(),
          session_id: ctx.sessionId,
          message: ordered(K.userMessage, {
            content: [
              ordered(K.toolResult, {
                type: 'tool_result',
                tool_use_id: ev.toolUseId,
                content: [ordered(K.text, { type: 'text', text: ev.content })],
                is_error: ev.isError,
              }),
            ],
            role: 'user',
          }),
          parent_tool_use_id: ev.toolUseId,
          __timestamp: stamp(ctx),
          _requestId: ctx.turnRequestId,
        });
      case 'interrupted_user':
        // measured on cbc 2.117.0 (mid-turn interrupt): system/status, then "Interrupted by user" without _requestId
        return [cbcPreamble(ctx, ev.messageId)[0]!, assistant(ctx, ev.messageId, [ordered(K.text, { type: 'text', text: 'Interrupted by user' })], null, undefined)];
      case 'result': {
        const s = ev.stats;
        return ordered(K.result, {
          type: 'result',
          subtype: ev.ok ? 'success' : 'error_during_execution',
          is_error: !ev.ok,
          uuid: ctx.rng.uuid(),
          session_id: ctx.sessionId,
          duration_ms: s.endedAt - s.startedAt,
          duration_api_ms: s.apiMs,
          num_turns: s.numTurns,
          result: ev.ok ? ev.text : undefined,
          structured_output: ev.structured?.value,
          total_cost_usd: 0,
          usage: usageObj(s.inputTokens, s.outputTokens),
          permission_denials: ev.stats.permissionDenials.map((d) => ordered(K.denial, { ...d })),
          errors: ev.ok ? undefined : ev.errors,
          __timestamp: stamp(ctx),
        });
      }
      case 'bg_tasks_changed':
        return undefined;
      case 'task_started':
        return ordered(K.taskStarted, {
          type: 'system',
          subtype: 'task_started',
          task_id: ev.task.taskId,
          tool_use_id: ev.task.toolUseId,
          description: ev.task.description,
          task_type: taskType(ev.task.kind),
          workflow_name: ev.task.workflowName,
          uuid: ctx.rng.uuid(),
          session_id: ctx.sessionId,
        });
      case 'task_progress':
        if (ev.final) return undefined; // Claude 2.1.328 only
        return ordered(K.taskProgress, {
          type: 'system',
          subtype: 'task_progress',
          task_id: ev.task.taskId,
          // seed 002 §8's agent progress example has no tool_use_id (the field is "most, optional")
          tool_use_id: ev.task.kind === 'workflow' ? ev.task.toolUseId : undefined,
          description: ev.task.description,
          usage: ordered(K.taskUsage, { ...ev.usage }),
          last_tool_name: ev.task.kind === 'workflow' ? ev.last?.label : ev.lastToolName,
          workflow_progress: ev.task.kind === 'workflow' ? ev.rows.map(row) : undefined,
          uuid: ctx.rng.uuid(),
          session_id: ctx.sessionId,
        });
      case 'task_updated':
        return ordered(K.taskUpdated, {
          type: 'system',
          subtype: 'task_updated',
          task_id: ev.task.taskId,
          patch: ordered(K.patch, { ...ev.patch }),
          status: ev.patch.status,
          uuid: ctx.rng.uuid(),
          session_id: ctx.sessionId,
        });
      case 'task_notification':
        return ordered(K.taskNotification, {
          type: 'system',
          subtype: 'task_notification',
          task_id: ev.task.taskId,
          tool_use_id: ev.task.toolUseId,
          status: ev.status,
          summary: ev.summary,
          output_file: ev.task.outputFile,
          output_stderr_file: ev.task.stderrFile,
          usage: ev.usage ? ordered(K.taskUsage, { ...ev.usage }) : undefined,
          session_id: ctx.sessionId,
        });
    }
  };

  return {
    name,
    cli: 'cbc',
    version: CBC_VERSION,
    behavior: behavior(strict),
    ids: {
      sessionId: (rng) => rng.uuid(),
      taskId: (kind, rng) => (kind === 'workflow' ? rng.uuid() : `${kind === 'agent' ? 'agent' : kind}-${rng.hex(4)}`),
      toolUseId,
      messageId: (rng) => rng.uuid(),
      hostRequestId: (kind, now, n) => `${kind}_${now}_${n}`,
      agentId: (canonical) => contentAgentId(canonical),
    },
    encode,
    controlPayload,
  };
}

/** The turn preamble frames of real cbc 2.117.0: system/status and file-history-snapshot. */
export function cbcPreamble(ctx: EncodeContext, messageId: string): Obj[] {
  return [
    ordered(K.status, {
      type: 'system',
      subtype: 'status',
      status: null,
      uuid: ctx.rng.uuid(),
      session_id: ctx.sessionId,
      __timestamp: iso(ctx.now),
      _requestId: ctx.turnRequestId,
    }),
    ordered(K.snapshot, {
      type: 'file-history-snapshot',
      id: ctx.rng.uuid(),
      timestamp: ctx.now,
      isSnapshotUpdate: false,
      snapshot: ordered(K.snapshotBody, { messageId, trackedFileBackups: {} }),
      __timestamp: iso(ctx.now),
      _requestId: ctx.turnRequestId,
    }),
  ];
}

/** Adds `*_applied` confirmations for what the initialize request carried (lets the Claude SDK's prompt hold pass). */
export function withApplied(r: Obj, request: Obj): Obj {
  if (request['hooks'] !== undefined) {
    r['hooks_applied'] = true;
    r['hook_on_failure_supported'] = true;
  }
  if (request['mcpServers'] !== undefined) r['mcp_servers_applied'] = true;
  if (request['settings'] !== undefined) r['settings_applied'] = true;
  if (request['disallowedTools'] !== undefined) r['disallowed_tools_applied'] = true;
  if (request['managedSettings'] !== undefined) r['managed_settings_applied'] = true;
  return r;
}

export const cbcProfile = (): Profile => makeCbc('cbc', false);
export const cbc2117Profile = (): Profile => makeCbc('cbc-2.117.0', true);
