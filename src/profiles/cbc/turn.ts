import { withMediaCommands } from './media-commands.js';
import type { EngineEvent } from '../../engine/events.js';
import type { EncodeContext } from '../../engine/profile.js';
import { build, type FrameOf } from '../../protocol/frames/index.js';
import {
  ASSISTANT, ASSISTANT_MESSAGE, MESSAGE_USAGE, RENDERER, SHELL_RAW_RESPONSE, TEXT, TOOL_ERROR_RAW_RESPONSE, TOOL_RESULT, TOOL_RESULT_META_CBC, TOOL_USE, USER, USER_MESSAGE,
} from '../../protocol/frames/message.js';
import { PERMISSION_DENIAL, RESULT, RESULT_USAGE } from '../../protocol/frames/result.js';
import { FILE_HISTORY_SNAPSHOT, FILE_HISTORY_SNAPSHOT_STORED, SNAPSHOT_BODY, SYSTEM_INIT, SYSTEM_STATUS } from '../../protocol/frames/system.js';
import { iso } from '../../protocol/shape.js';
import { clone, profileData } from '../data.js';
import { bashResult } from './bash-result.js';

/**
 * The frames of a cbc turn, as the real cbc 2.117.0 writes them (captures/cbc-2.117.0: real-init.out,
 * real-turn.out, tool turns, mid-turn interrupt). Every frame carries `__timestamp`; most `_requestId`.
 */
const W = 'cbc';

type Ev<K extends EngineEvent['kind']> = Extract<EngineEvent, { kind: K }>;
type Assistant = FrameOf<typeof ASSISTANT>;
type Content = FrameOf<typeof ASSISTANT_MESSAGE>['content'];

/** What a system/init says the session has loaded. */
interface Loaded {
  tools: string[];
  model: string;
  permissionMode: string;
  slashCommands: FrameOf<typeof SYSTEM_INIT>['slash_commands'];
  requestId: string | undefined;
}

/** cbc's system/init (real cbc 2.117.0's init uuid equals session_id), saying what is loaded. */
function init(ctx: EncodeContext, loaded: Loaded): FrameOf<typeof SYSTEM_INIT> {
  const tpl = profileData('cbc').systemInit;
  return build(SYSTEM_INIT, W, {
    type: 'system',
    subtype: 'init',
    uuid: ctx.sessionId,
    session_id: ctx.sessionId,
    apiKeySource: tpl.apiKeySource,
    cwd: ctx.cwd,
    tools: loaded.tools,
    mcp_servers: [],
    model: loaded.model,
    permissionMode: loaded.permissionMode,
    slash_commands: loaded.slashCommands,
    output_style: tpl.output_style,
    __timestamp: iso(ctx.now),
    _requestId: loaded.requestId,
  });
}

/** The system/init of each turn: the session's tools, model, mode and slash commands. */
export function systemInit(_ev: Ev<'turn_init'>, ctx: EncodeContext): FrameOf<typeof SYSTEM_INIT> {
  return init(ctx, { tools: ctx.tools, model: ctx.model, permissionMode: ctx.permissionMode, slashCommands: withMediaCommands(slashCommandNames(), ctx.env), requestId: ctx.turnRequestId });
}

/** The captured init's slash command names, read once (withMediaCommands makes each frame's own list of them). */
function slashCommandNames(): readonly string[] {
  return (commandNames ??= (clone(profileData('cbc').systemInit.slash_commands) ?? []).map(String));
}
let commandNames: readonly string[] | undefined;

/**
 * The second system/init of cbc 2.117.0's blank turn (stdin JSON it cannot read as a frame): the session
 * with nothing loaded, no tools, model "unknown", no _requestId (captures in_json_array, in_unknown_type), and
 * the session's permission mode (its renderHistory reads permissionModeSubject; a session opened for the line
 * starts in the mode of the CLI's options: captures in_keep_alive_pending_hook_fu/_h6, bypassPermissions).
 */
export function blankInit(_ev: Ev<'blank_init'>, ctx: EncodeContext): FrameOf<typeof SYSTEM_INIT> {
  return init(ctx, { tools: [], model: 'unknown', permissionMode: ctx.permissionMode, slashCommands: [], requestId: undefined });
}

/**
 * The turn preamble of real cbc 2.117.0 (real-turn.out): system/status, then file-history-snapshot. The
 * snapshot names the prompt's message, a uuid of its own (measured: never the assistant's `chatcmpl-` id).
 */
export function preamble(ctx: EncodeContext): [FrameOf<typeof SYSTEM_STATUS>, FrameOf<typeof FILE_HISTORY_SNAPSHOT>] {
  return [
    status(ctx),
    build(FILE_HISTORY_SNAPSHOT, W, {
      type: 'file-history-snapshot',
      id: ctx.rng.uuid(),
      timestamp: ctx.now,
      isSnapshotUpdate: false,
      snapshot: build(SNAPSHOT_BODY, W, { messageId: ctx.rng.uuid(), trackedFileBackups: {} }),
      __timestamp: iso(ctx.now),
      _requestId: ctx.turnRequestId,
    }),
  ];
}

/** The bare system/status frame (the turn's preamble opens with it). */
export function status(ctx: EncodeContext): FrameOf<typeof SYSTEM_STATUS> {
  return build(SYSTEM_STATUS, W, {
    type: 'system',
    subtype: 'status',
    status: null,
    uuid: ctx.rng.uuid(),
    session_id: ctx.sessionId,
    __timestamp: iso(ctx.now),
    _requestId: ctx.turnRequestId,
  });
}

/** cbc's usage object, in messages and results alike: token counts, null blocks. */
function usage<D extends typeof MESSAGE_USAGE | typeof RESULT_USAGE>(decl: D, input: number, output: number): FrameOf<D> {
  return build<typeof MESSAGE_USAGE | typeof RESULT_USAGE>(decl, W, {
    input_tokens: input,
    output_tokens: output,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    cache_creation: null,
    server_tool_use: null,
    service_tier: null,
  }) as FrameOf<D>;
}

/** An assistant frame; its uuid is the message id. */
export function assistant(ctx: EncodeContext, id: string, content: Content, stopReason: string | null = null, requestId = ctx.turnRequestId): Assistant {
  return build(ASSISTANT, W, {
    type: 'assistant',
    uuid: id,
    session_id: ctx.sessionId,
    message: build(ASSISTANT_MESSAGE, W, {
      id,
      content,
      model: ctx.model,
      role: 'assistant',
      stop_reason: stopReason,
      stop_sequence: null,
      type: 'message',
      usage: usage(MESSAGE_USAGE, 0, 0),
    }),
    parent_tool_use_id: null,
    __timestamp: iso(ctx.now),
    _requestId: requestId,
  });
}

/** A text content block. */
export const text = (t: string): FrameOf<typeof TEXT> => build(TEXT, W, { type: 'text', text: t });

/** An assistant tool call (measured: stop_reason tool_use). */
export function toolUse(ev: Ev<'assistant_tool_use'>, ctx: EncodeContext): Assistant {
  return assistant(ctx, ev.messageId, [build(TOOL_USE, W, { type: 'tool_use', id: ev.toolUseId, name: ev.name, input: ev.input })], 'tool_use');
}

/** A tool result (measured on cbc 2.117.0: content before role, parent_tool_use_id is the call id). */
export function toolResult(ev: Ev<'tool_result'>, ctx: EncodeContext): FrameOf<typeof USER> {
  const bash = ev.ran?.name === 'Bash' && !ev.isError && !ev.task && ev.deniedBy === undefined && !ev.toolError ? bashResult(ev.ran.input, ev.content) : undefined;
  const meta = bash ? shellMeta(bash.stdout) : ev.toolError && toolErrorMeta(ev.toolError);
  return build(USER, W, {
    type: 'user',
    uuid: ctx.rng.uuid(),
    session_id: ctx.sessionId,
    message: build(USER_MESSAGE, W, {
      content: [
        build(TOOL_RESULT, W, { type: 'tool_result', tool_use_id: ev.toolUseId, content: [text(bash?.text ?? ev.content)], is_error: ev.isError, _meta: meta }),
      ],
      role: 'user',
    }),
    parent_tool_use_id: ev.toolUseId,
    __timestamp: iso(ctx.now),
    _requestId: ctx.turnRequestId,
  });
}

/** A stored prompt replayed at --resume (measured: ses_resume_stream_h2): its user frame, then its snapshot naming it, with the cwd. */
export function storedPrompt(ev: Ev<'stored_prompt'>, ctx: EncodeContext): [FrameOf<typeof USER>, FrameOf<typeof FILE_HISTORY_SNAPSHOT_STORED>] {
  const uuid = ctx.rng.uuid();
  return [
    build(USER, W, {
      type: 'user',
      uuid,
      session_id: ctx.sessionId,
      message: build(USER_MESSAGE, W, { content: [text(ev.text)], role: 'user' }),
      parent_tool_use_id: null,
      __timestamp: iso(ctx.now),
    }),
    build(FILE_HISTORY_SNAPSHOT_STORED, W, {
      id: ctx.rng.uuid(),
      timestamp: ctx.now,
      type: 'file-history-snapshot',
      isSnapshotUpdate: false,
      snapshot: build(SNAPSHOT_BODY, W, { messageId: uuid, trackedFileBackups: {} }),
      cwd: ctx.cwd,
      __timestamp: iso(ctx.now),
    }),
  ];
}

/** The `_meta` of a foreground Bash run that succeeded (measured on cbc 2.117.0): its raw response and its output as text. */
function shellMeta(stdout: string): FrameOf<typeof TOOL_RESULT_META_CBC> {
  return build(TOOL_RESULT_META_CBC, W, { rawResponse: shellRawResponse(), renderer: build(RENDERER, W, { type: 'text', value: stdout }) });
}

/** The `_meta` of a tool that returned an error object (measured on cbc 2.117.0: the refused background Bash, code 8009). */
function toolErrorMeta(e: { error: string; code: string }): FrameOf<typeof TOOL_RESULT_META_CBC> {
  return build(TOOL_RESULT_META_CBC, W, { rawResponse: build(TOOL_ERROR_RAW_RESPONSE, W, { is_error: true, tool_error_code: e.code, error: e.error }) });
}

/** The raw response of a foreground Bash run that succeeded (also a PostToolUse hook's tool_response; measured: req_hook_callback_post_context). */
export function shellRawResponse(): FrameOf<typeof SHELL_RAW_RESPONSE> {
  return build(SHELL_RAW_RESPONSE, W, { exitCode: 0, signal: null, interrupted: false, sandboxDenied: false, stderrBytesTruncated: 0, stdoutBytesTruncated: 0, tool_error_code: '0' });
}

/**
 * An assistant text no model response makes (measured on cbc 2.117.0: "Interrupted by user", int_mid; the error text of
 * a failed first turn, ses_api_error_cbc; the max-turns text, ses_max_turns): named by a uuid, no `_requestId`.
 */
export function synthetic(ctx: EncodeContext, body: string, id = ctx.rng.uuid()): Assistant {
  // the context is overridden, not the parameter: a default parameter would fill an explicit undefined in
  return assistant({ ...ctx, turnRequestId: undefined }, id, [text(body)]);
}

/**
 * Measured on cbc 2.117.0 (mid-turn interrupt): system/status, the text streamed so far if any (named by a uuid, with
 * the turn's _requestId: int_mid), then "Interrupted by user" without _requestId, named by a uuid (no model response names it);
 * a later turn's interrupt writes no such text (behavior.unansweredTextFirstTurnOnly; ctl_interrupt_second_turn_cbc).
 * An interrupt while the prompt's hooks waited (`beforePrompt`) writes the text with the turn's `_requestId`.
 */
export function interruptedUser(ctx: EncodeContext, partial: string | undefined, written: boolean, repeats = 0, beforePrompt = false): Array<FrameOf<typeof SYSTEM_STATUS> | Assistant> {
  // the whole preamble is drawn and its snapshot dropped: its uuid draws are part of the seeded stream the goldens pin;
  // each interrupt that came while the first went through adds a status frame (ctl_interrupt_twice_mid_turn_h4)
  const heads = Array.from({ length: 1 + repeats }, () => preamble(ctx)[0]);
  const streamed = partial !== undefined ? [assistant(ctx, ctx.rng.uuid(), [text(partial)])] : [];
  // cut while its prompt hooks waited, the text names the turn's request id (ctl_interrupt_pending_prompt_hook_fw)
  const cut = written ? [beforePrompt ? assistant(ctx, ctx.rng.uuid(), [text('Interrupted by user')]) : synthetic(ctx, 'Interrupted by user')] : [];
  return [...heads, ...streamed, ...cut];
}

/** The turn's result (measured: `result` right after is_error; structured_output / errors after permission_denials). */
export function result(ev: Ev<'result'>, ctx: EncodeContext): FrameOf<typeof RESULT> {
  const s = ev.stats;
  return build(RESULT, W, {
    type: 'result',
    subtype: ev.ok ? 'success' : 'error_during_execution',
    is_error: !ev.ok,
    uuid: ctx.rng.uuid(),
    session_id: ctx.sessionId,
    duration_ms: s.endedAt - s.startedAt,
    duration_api_ms: s.apiMs,
    num_turns: s.messages, // measured: cbc counts the conversation's messages (prompts, replies, tool results), session-wide
    result: ev.ok ? ev.text : undefined,
    structured_output: ev.structured?.value,
    total_cost_usd: 0,
    usage: usage(RESULT_USAGE, s.inputTokens, s.outputTokens),
    permission_denials: s.permissionDenials.map((d) => build(PERMISSION_DENIAL, W, { ...d })),
    errors: ev.ok ? undefined : ev.errors,
    __timestamp: iso(ctx.now),
    _requestId: ev.requestId,
  });
}
