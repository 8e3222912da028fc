import { join } from 'node:path';
import type { EngineEvent, TaskInfo } from '../../engine/events.js';
import type { EncodeContext } from '../../engine/profile.js';
import { truthy } from '../../env.js';
import { build, type FrameOf } from '../../protocol/frames/index.js';
import {
  AGENT_LAUNCH_RESULT, API_ERROR_MESSAGE, API_ERROR_USAGE, ASSISTANT, ASSISTANT_MESSAGE, MESSAGE_USAGE, PERMISSION_DECISION, SHELL_LAUNCH_RESULT, TEXT, TOOL_RESULT, TOOL_RESULT_META,
  TOOL_RESULT_REFUSED, TOOL_USE, USER, USER_MESSAGE, WORKFLOW_LAUNCH_RESULT,
} from '../../protocol/frames/message.js';
import { PERMISSION_DENIED, SESSION_STATE_CHANGED, type SYSTEM_INIT } from '../../protocol/frames/system.js';
import { dashedCwd } from '../../protocol/paths.js';
import { iso } from '../../protocol/shape.js';
import { taskTypeOf } from '../../protocol/vocabulary.js';
import { clone, profileData } from '../data.js';
import { apiRequestId } from '../shared/ids.js';
import { additionalDirectories, byName, customAgents, flagText, pluginErrors, SEC_DEFAULT_PLUGIN, seatsSecDefault } from './flags.js';
import { dontAskText, ruleReasonType, ruleRefusal, writeRefusal } from './permission.js';
import { permissionMeta } from './permission-meta.js';
import { initMcpServers } from './mcp-servers.js';
import { initSkills } from './workflows-off.js';
import { isPre5Model, isUnrecognizedModel, type ClaudeSpec } from './spec.js';

/** The frames of a Claude Code turn, from the captures (claude-code-cli.md §2; wf1, bgbash1, bgagent). */
type Ev<K extends EngineEvent['kind']> = Extract<EngineEvent, { kind: K }>;
type Assistant = FrameOf<typeof ASSISTANT>;
type User = FrameOf<typeof USER>;

/** system/init: the captured template with this session's facts (its key order is the capture's). */
export function systemInit(spec: ClaudeSpec, ctx: EncodeContext): FrameOf<typeof SYSTEM_INIT> {
  const tpl = clone(profileData(spec.name).systemInit);
  tpl.cwd = ctx.cwd;
  tpl.session_id = ctx.sessionId;
  tpl.tools = ctx.tools;
  tpl.model = ctx.model;
  tpl.permissionMode = ctx.permissionMode;
  tpl.mcp_servers = initMcpServers(spec, ctx.mcpServers);
  tpl.uuid = ctx.rng.uuid();
  // measured (opt_bare, opt_safe_mode, opt_restricted): no auto-memory in these modes, no messaging socket with --bare / --restricted
  const has = (f: string) => ctx.cliFlags?.has(f) === true;
  const minimal = has('bare') || has('restricted');
  if (!minimal && !has('safe-mode')) tpl.memory_paths = { auto: join(ctx.userHome, '.claude', 'projects', dashedCwd(ctx.cwd), 'memory') + '/' };
  else delete tpl.memory_paths;
  // --safe-mode: no custom or plugin agents (statusline-setup comes with a built-in plugin); --agents adds its own
  if (Array.isArray(tpl.agents)) tpl.agents = agentNames(tpl.agents as string[], ctx.cliFlags, ctx.hostAgents, !spec.v328);
  initSkills(tpl, has('disable-slash-commands'), ctx.env);
  const pluginErr = pluginErrors(ctx.cliFlags, ctx.cwd, spec.v328);
  const init = pluginErr ? insertAfter(tpl, 'plugins', 'plugin_errors', pluginErr) : tpl;
  if (spec.v328) finish328(init, ctx, minimal);
  if (spec.v328 && ctx.userMessageUuids?.length) init.user_message_uuids = [...ctx.userMessageUuids];
  return init;
}

/**
 * The agent names of system/init: the captured ones (less the plugin agent under --safe-mode) and --agents' own, sorted;
 * the initialize request's follow in the order given with `hostLast` (2.1.220's init), else sorted in (measured: ctl_initialize_agents_two).
 */
export function agentNames(captured: readonly string[], flags: EncodeContext['cliFlags'], hostAgents?: unknown, hostLast = false): string[] {
  const own = customAgents(flags, hostLast ? undefined : hostAgents).map((a) => a.name);
  const kept = flags?.has('safe-mode') === true ? captured.filter((a) => a !== 'statusline-setup') : captured;
  const sorted = own.length === 0 ? [...kept] : [...new Set([...kept, ...own])].sort(byName);
  // 2.1.220 appends them as given, a name --agents defined too once more (capture opt_agent_initialize_and_json_ff)
  return hostLast ? [...sorted, ...customAgents(undefined, hostAgents).map((a) => a.name)] : sorted;
}

/** `obj` with `key: value` placed right after `after` (at the end when `after` is missing). */
function insertAfter<T extends object>(obj: T, after: string, key: string, value: unknown): T {
  const entries = Object.entries(obj);
  const at = entries.findIndex(([k]) => k === after);
  entries.splice(at < 0 ? entries.length : at + 1, 0, [key, value]);
  return Object.fromEntries(entries) as T;
}

/** 2.1.328's own init keys: original cwd, --add-dir folders, messaging socket. */
function finish328(tpl: FrameOf<typeof SYSTEM_INIT>, ctx: EncodeContext, minimal: boolean): void {
  tpl.original_cwd = ctx.cwd;
  if (isPre5Model(ctx.model) || isUnrecognizedModel(ctx.model)) tpl.per_turn_effort_active = false;
  tpl.additional_directories = additionalDirectories(ctx.cliFlags, ctx.cwd);
  if (seatsSecDefault(ctx.cliFlags)) tpl.plugins = [SEC_DEFAULT_PLUGIN, ...(tpl.plugins ?? [])];
  if (!minimal) tpl.messaging_socket_path = join(ctx.env['XDG_RUNTIME_DIR'] ?? '/tmp', 'cc-socks', `${ctx.pid}.sock`);
  else delete tpl.messaging_socket_path;
}

/**
 * session_state_changed; 2.1.328 marks it sdk_host_only when only the SDK asked for it (CLAUDE_CODE_SDK_READS_SESSION_STATE
 * without CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS; measured: env_sdk_reads_state_only, env_sdk_reads_state_two).
 */
export function sessionState(spec: ClaudeSpec, ev: Ev<'session_state'>, ctx: EncodeContext): FrameOf<typeof SESSION_STATE_CHANGED> {
  return build(SESSION_STATE_CHANGED, spec.wire, {
    type: 'system',
    subtype: 'session_state_changed',
    state: ev.state,
    sdk_host_only: spec.v328 && truthy(ctx.env['CLAUDE_CODE_SDK_READS_SESSION_STATE']) && !truthy(ctx.env['CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS']) ? true : undefined,
    uuid: ctx.rng.uuid(),
    session_id: ctx.sessionId,
  });
}

type Content = FrameOf<typeof ASSISTANT_MESSAGE>['content'];

/** The model the API is asked for: the session's model without the 1M-context `[1m]` marker (measured on 2.1.220). */
export const apiModel = (model: string): string => model.replace(/\[1m\]$/, '');

/** The model API's error behind a scenario turn's `error` text (`API Error: <status> …`), with the API's error type. */
export function apiErrorOf(message: string): { status: number; type: string | undefined } | undefined {
  const status = Number(/^API Error: (\d{3})\b/.exec(message)?.[1]);
  return Number.isNaN(status) ? undefined : { status, type: API_ERROR_TYPES[status] };
}

/** The Messages API's error type per HTTP status (its documented error shapes). */
const API_ERROR_TYPES: Readonly<Record<number, string>> = {
  400: 'invalid_request_error', 401: 'authentication_error', 403: 'permission_error', 404: 'not_found_error', 413: 'request_too_large',
  429: 'rate_limit_error', 500: 'api_error', 529: 'overloaded_error',
};

/** Claude Code's synthetic assistant frame for a failed model call (capture ses_api_error): model `<synthetic>`, zero usage. */
export function apiErrorAssistant(spec: ClaudeSpec, ctx: EncodeContext, message: string): Assistant {
  const { wire: W, v328 } = spec;
  const api = apiErrorOf(message);
  const usage = build(API_ERROR_USAGE, W, {
    output_tokens_details: v328 ? null : undefined,
    input_tokens: 0,
    output_tokens: 0,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    server_tool_use: { web_search_requests: 0, web_fetch_requests: 0 },
    service_tier: null,
    cache_creation: { ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: 0 },
    inference_geo: null,
    iterations: null,
    speed: null,
    fallback_credit: v328 ? null : undefined,
  });
  const body = build(API_ERROR_MESSAGE, W, {
    diagnostics: v328 ? null : undefined,
    id: ctx.rng.uuid(),
    container: null,
    model: '<synthetic>',
    role: 'assistant',
    stop_details: null,
    stop_reason: 'stop_sequence',
    stop_sequence: '',
    type: 'message',
    usage,
    content: [text(spec, message)],
    context_management: null,
  });
  return build(ASSISTANT, W, {
    type: 'assistant',
    message: body,
    parent_tool_use_id: null,
    session_id: ctx.sessionId,
    uuid: ctx.rng.uuid(),
    timestamp: iso(ctx.now),
    error: 'unknown',
    request_id: apiRequestId(ctx.rng),
    is_api_error_message: true,
    api_error_status: v328 ? api?.status : undefined,
    api_error_type: v328 ? api?.type : undefined,
    ...clientUuids(spec, ctx, undefined),
  });
}

/** An assistant frame; `sub` makes it a background agent's own frame (capture bgagent). */
export function assistant(spec: ClaudeSpec, ctx: EncodeContext, id: string, content: Content, outputTokens: number, sub?: TaskInfo, aborted?: true): Assistant {
  const W = spec.wire;
  return build(ASSISTANT, W, {
    type: 'assistant',
    message: build(ASSISTANT_MESSAGE, W, {
      id,
      type: 'message',
      role: 'assistant',
      model: apiModel(ctx.model),
      content,
      stop_reason: null,
      stop_sequence: null,
      usage: build(MESSAGE_USAGE, W, { input_tokens: 100, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: outputTokens }),
      context_management: null,
    }),
    parent_tool_use_id: sub ? sub.toolUseId : null,
    agent_id: spec.v328 ? sub?.taskId : undefined, // 2.1.220 names no agent id (measured: ses_bg_slow_agent_l8)
    session_id: ctx.sessionId,
    uuid: ctx.rng.uuid(),
    timestamp: iso(ctx.now),
    request_id: apiRequestId(ctx.rng),
    subagent_type: sub?.subagentType,
    task_description: sub?.description,
    aborted,
    ...clientUuids(spec, ctx, sub),
  });
}

/** 2.1.328: the turn's first reply names the client uuids of its user lines, the last one alone too (measured: in_user_uuid_*). */
function clientUuids(spec: ClaudeSpec, ctx: EncodeContext, sub: TaskInfo | undefined): { user_message_uuid?: string; user_message_uuids?: string[] } {
  const uuids = ctx.userMessageUuids;
  if (!spec.v328 || sub || !uuids?.length) return {};
  return { user_message_uuid: uuids.at(-1), user_message_uuids: [...uuids] };
}

/** A text content block. */
export const text = (spec: ClaudeSpec, t: string): FrameOf<typeof TEXT> => build(TEXT, spec.wire, { type: 'text', text: t });

/** An assistant tool call. */
export function toolUse(spec: ClaudeSpec, ev: Ev<'assistant_tool_use'>, ctx: EncodeContext): Assistant {
  const block = build(TOOL_USE, spec.wire, { type: 'tool_use', id: ev.toolUseId, name: ev.name, input: ev.input });
  return assistant(spec, ctx, ev.messageId, [block], 1);
}

/** A tool result; a background launch carries its tool_use_result (captures wf1, bgbash1, bgagent). */
export function toolResult(spec: ClaudeSpec, ev: Ev<'tool_result'>, ctx: EncodeContext): User | Array<User | FrameOf<typeof PERMISSION_DENIED>> {
  if (ev.deniedBy !== undefined) return refusedResult(spec, ev, ev.deniedBy, ctx);
  if (ev.unexpected !== undefined) return invalidInput(spec, ev, ev.unexpected, ctx);
  const W = spec.wire;
  const t = ev.task;
  const agentLaunch = t?.kind === 'agent';
  const block = build(TOOL_RESULT, W, {
    tool_use_id: ev.toolUseId,
    type: 'tool_result',
    // captures bgagent: the Agent launch result is a list of text blocks
    content: agentLaunch ? [text(spec, ev.content)] : ev.content,
    is_error: agentLaunch ? undefined : ev.isError,
  });
  return resultUser(spec, ctx, block, t ? launchResult(spec, t, ctx) : ranResult(spec, ev), spec.v328 && ev.allowedBy ? [permissionMeta(ev, ev.allowedBy)] : undefined);
}

/**
 * A call whose input has parameters the tool's schema lacks (measured on both versions: env_disable_bg_bash_h3): the
 * model sees the readable message, `tool_use_result` carries the schema validator's issue list as JSON.
 */
function invalidInput(spec: ClaudeSpec, ev: Ev<'tool_result'>, keys: readonly string[], ctx: EncodeContext): User {
  const tool = ev.ran?.name ?? '';
  const lines = keys.map((k) => `An unexpected parameter \`${k}\` was provided`).join('\n');
  const content = `<tool_use_error>InputValidationError: ${tool} failed due to the following issue:\n${lines}</tool_use_error>`;
  const message = `Unrecognized key${keys.length > 1 ? 's' : ''}: ${keys.map((k) => JSON.stringify(k)).join(', ')}`;
  const issues = JSON.stringify([{ code: 'unrecognized_keys', keys, path: [], message }], null, 2);
  const block = build(TOOL_RESULT_REFUSED, spec.wire, { type: 'tool_result', content, is_error: true, tool_use_id: ev.toolUseId });
  return resultUser(spec, ctx, block, `InputValidationError: ${issues}`, undefined);
}

/** The user frame that carries one tool_result block, its `tool_use_result` and `tool_result_meta`. */
export function resultUser(spec: ClaudeSpec, ctx: EncodeContext, block: Exclude<User['message']['content'], string>[number], toolUseResult: User['tool_use_result'], meta: User['tool_result_meta']): User {
  const W = spec.wire;
  return build(USER, W, {
    type: 'user',
    message: build(USER_MESSAGE, W, { role: 'user', content: [block] }),
    parent_tool_use_id: null,
    session_id: ctx.sessionId,
    uuid: ctx.rng.uuid(),
    timestamp: iso(ctx.now),
    tool_use_result: toolUseResult,
    tool_result_meta: meta,
  });
}

/** Claude Code's text for a tool call cancelled before it ran (its REJECT_MESSAGE; measured: eof_pending_hook_callback_h5). */
export const CANCELLED_CALL_TEXT = "The user doesn't want to take this action right now. STOP what you are doing and wait for the user to tell you how to proceed.";

/**
 * A refused call's result (measured: req_can_use_tool_deny_other, req_no_prompt_tool_p): the error text again as
 * `tool_use_result`, why it did not run in `tool_result_meta` (the host's answer: "permission-rule"; the settings, with
 * no one to ask: "user-rejected"); 2.1.328 announces a settings refusal first in a system/permission_denied.
 */
function refusedResult(spec: ClaudeSpec, ev: Ev<'tool_result'>, by: NonNullable<Ev<'tool_result'>['deniedBy']>, ctx: EncodeContext): Array<User | FrameOf<typeof PERMISSION_DENIED>> {
  const W = spec.wire;
  const v328 = spec.v328;
  // a deny rule's refusal names the tool (measured: req_can_use_tool_deny_rule_then_call_fc, a rule the host's answer added)
  const ruled = by === 'rule' && ev.denyRule !== undefined;
  const content = ruled ? ruleRefusal(ev) : by === 'mode' ? dontAskText(ev.ran?.name ?? '') : ((by === 'unasked' && ev.ran ? writeRefusal(v328, ev.ran.name, ev.ran.input, ctx.cwd) : undefined) ?? ev.content);
  const block = build(TOOL_RESULT_REFUSED, W, { type: 'tool_result', content, is_error: true, tool_use_id: ev.toolUseId });
  // a PreToolUse hook that did not answer in time: no permission decision (measured: req_hook_callback_pre_timeout)
  if (by === 'hook-timeout') return [resultUser(spec, ctx, block, `Error: ${content}`, undefined)];
  // stdin closed while a PreToolUse hook waited: the cancel message as it is, the call "cancelled" (capture eof_pending_hook_callback_h5)
  if (by === 'hook-cancel') return [resultUser(spec, ctx, block, content, [build(TOOL_RESULT_META, W, { id: ev.toolUseId, non_execution_kind: 'cancelled' })])];
  // the prompt tool could not be called: the error as a tool_use_error, no permission decision (opt_permission_prompt_tool_unknown_ft)
  if (by === 'prompt-tool') return [resultUser(spec, ctx, { ...block, content: `<tool_use_error>${ev.content}</tool_use_error>` }, ev.content, undefined)];
  // a call a `now` user line aborted at its permission prompt: rejected by the user's abort (in_user_priority_now_pending_permission_ff)
  if (by === 'aborted') {
    const decision = spec.v328 ? build(PERMISSION_DECISION, 'claude-2.1.328', { decision: 'reject', source: 'user_abort' }) : undefined;
    return [resultUser(spec, ctx, block, `Error: ${content}`, [build(TOOL_RESULT_META, W, { id: ev.toolUseId, non_execution_kind: 'permission-rule', permission_decision: decision })])];
  }
  // a denial that stops the turn: "User rejected tool use", no permission decision (capture req_can_use_tool_deny_interrupt_h2)
  if (by === 'host-interrupt') {
    const meta = build(TOOL_RESULT_META, W, { id: ev.toolUseId, non_execution_kind: 'user-rejected' });
    return [resultUser(spec, ctx, block, 'User rejected tool use', [meta])];
  }
  // the host's answer: "permission-rule"; the permission stream closed before an answer: the same, decided by the config
  // for an "other" reason (capture eof_pending_permission_h2); the settings, with no one to ask: "user-rejected"
  // dontAsk mode: its own text, refused by the mode (measured: opt_permission_mode_dontask_bash_call)
  // a PreToolUse hook's refusal: decided by the hook (measured: req_hook_callback_pre_deny)
  const asked = by === 'host' || by === 'failed' || by === 'mode' || by === 'hook' || ruled;
  const reason = by === 'failed' ? 'other' : by === 'mode' ? 'mode' : by === 'hook' ? 'hook' : ruled ? ruleReasonType(ev) : undefined;
  const source = by === 'host' || ev.denyRule?.source === 'session' ? 'user_reject' : by === 'hook' ? 'hook' : 'config';
  const decision = v328 ? build(PERMISSION_DECISION, 'claude-2.1.328', { decision: 'reject', source, reason_type: reason }) : undefined;
  const meta = build(TOOL_RESULT_META, W, { id: ev.toolUseId, non_execution_kind: asked ? 'permission-rule' : 'user-rejected', permission_decision: decision });
  const notice =
    // 2.1.220 notices a mode's or a rule's refusal only in its stdio permission prompt (its createCanUseTool writes it; measured:
    // ctl_set_permission_mode_dontask_then_tool, req_can_use_tool_deny_rule_then_call_fc; none without: opt_permission_mode_dontask_bash_call,
    // ctl_apply_flag_settings_deny_bash_fd, opt_permission_mode_dont_ask_stream_fgbash_h8)
    ev.overHook !== true && (v328 ? !asked || by === 'mode' || ruled : (by === 'mode' || ruled) && flagText(ctx.cliFlags, 'permission-prompt-tool') === 'stdio')
      ? [
          build(PERMISSION_DENIED, W, {
            type: 'system',
            subtype: 'permission_denied',
            tool_name: ev.ran?.name ?? '',
            tool_use_id: ev.toolUseId,
            decision_reason_type: by === 'mode' ? 'mode' : ruled ? ruleReasonType(ev) : undefined,
            message: content,
            uuid: ctx.rng.uuid(),
            session_id: ctx.sessionId,
          }),
        ]
      : [];
  return [...notice, resultUser(spec, ctx, block, `Error: ${content}`, [meta])];
}

/** The `tool_use_result` of a foreground Bash run (measured: its stdout, nothing on stderr). */
function ranResult(spec: ClaudeSpec, ev: Ev<'tool_result'>): User['tool_use_result'] {
  if (ev.ran?.name !== 'Bash' || ev.isError) return undefined;
  return shellResult(spec, ev.content);
}

/** A foreground Bash run's record (the tool_use_result; a PostToolUse hook's tool_response: req_hook_callback_post_context). */
export function shellResult(spec: ClaudeSpec, stdout: string): FrameOf<typeof SHELL_LAUNCH_RESULT> {
  return build(SHELL_LAUNCH_RESULT, spec.wire, { stdout, stderr: '', interrupted: false, isImage: false, noOutputExpected: false });
}

/** The `tool_use_result` of a background launch, per tool. */
function launchResult(spec: ClaudeSpec, t: TaskInfo, ctx: EncodeContext): User['tool_use_result'] {
  const W = spec.wire;
  if (t.kind === 'workflow') {
    return build(WORKFLOW_LAUNCH_RESULT, W, {
      status: 'async_launched',
      taskId: t.taskId,
      taskType: taskTypeOf('claude', t.kind),
      workflowName: t.workflowName,
      runId: t.workflowRun?.runId,
      summary: t.description,
      transcriptDir: t.workflowRun?.transcriptDir,
      scriptPath: t.workflowRun?.scriptPath,
    });
  }
  if (t.kind === 'agent') {
    return build(AGENT_LAUNCH_RESULT, W, {
      isAsync: true,
      status: 'async_launched',
      agentId: t.taskId,
      description: t.description,
      resolvedModel: ctx.model,
      prompt: t.prompt,
      outputFile: t.outputFile,
      canReadOutputFile: true,
      canContinueAgent: spec.v328 ? true : undefined, // 2.1.220 has no such key (capture bg_agent)
    });
  }
  return build(SHELL_LAUNCH_RESULT, W, { stdout: '', stderr: '', interrupted: false, isImage: false, noOutputExpected: false, backgroundTaskId: t.taskId });
}

/** The user frame Claude writes when a turn is interrupted. */
export function interruptedUser(spec: ClaudeSpec, ctx: EncodeContext, o: { text?: string; synthetic?: boolean } = {}): User {
  const W = spec.wire;
  return build(USER, W, {
    type: 'user',
    message: build(USER_MESSAGE, W, { role: 'user', content: [text(spec, o.text ?? '[Request interrupted by user]')] }),
    parent_tool_use_id: null,
    session_id: ctx.sessionId,
    uuid: ctx.rng.uuid(),
    timestamp: iso(ctx.now),
    isSynthetic: o.synthetic === true ? true : undefined, // the CLI's own prompt (capture opt_json_schema)
  });
}
