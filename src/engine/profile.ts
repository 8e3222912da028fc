import type { WireFrame } from '../protocol/frames/index.js';
import type { BindingPolicy } from '../store/binding.js';
import type { OddProblem } from '../transport/inbound.js';
import type { CliName, NotificationStatus, ProfileName, TaskKind } from '../protocol/vocabulary.js';
import type { AgentShutdown, EngineEvent, TaskEndDetail, TaskInfo, WorkflowRunFiles } from './events.js';
import type { Random } from './random.js';
import type { PreToolHookPolicy, PromptStop } from './hook-policy.js';
import type { HookMatcherRule } from './hook-match.js';
import type { CliFlags, EncodeContext } from './encode-context.js';
import type { ResultHoldRules, SessionStateRules, StreamRules } from './output-rules.js';

/**
 * The port between the engine and the profiles: what the engine asks of a CLI profile (behaviour,
 * ids, and the encoder from engine events to wire frames). Profiles in src/profiles implement it.
 */
export type { ProfileName };
export type { PreToolHookPolicy, PromptStop } from './hook-policy.js';
export type { CliFlags, EncodeContext } from './encode-context.js';

/** How a can_use_tool request failed (ProfileBehavior.permissionFailure). */
export type PermissionFailure = { kind: 'closed' } | { kind: 'error'; message: string } | { kind: 'invalid'; text: string };

/** What differs between profiles in *behaviour* (timing, which events exist); shapes live in `encode`. */
export interface ProfileBehavior extends SessionStateRules, StreamRules, ResultHoldRules {
  /** cbc (seed 000 §4.3.4): after an interrupt, in-flight agents flip start -> error in late progress frames. */
  lateAbortRows: boolean;
  /** Text of the late rows' error: seed 000 §4.3.4 `subagent aborted: <reason>`. */
  abortError(reason: string): string;
  /** Claude 2.1.328: one final snapshot with running rows -> error + endedWithRun before task_updated. */
  stopSnapshot: boolean;
  /** An interrupt spares these task kinds, stops the others before its reply, each stopped agent writes `agentText` (interrupt-tasks.ts); `anySession`:
   *  another session_id's interrupt stops this one too; `stopTaskFollowsUp`: stop_task of an agent writes it and starts a follow-up turn (Claude); `cancelsQueued`: cancel_queued drops queued lines. */
  interruptTasks?: { spares: readonly TaskKind[]; agentText: string; anySession: boolean; stopTaskFollowsUp: boolean; cancelsQueued?: boolean };
  /** A hook_callback answer its hook-output schema refuses counts as empty, as an error answer does (Claude: hook-call.ts). */
  hookOutputChecked?: boolean;
  /** Why the CLI refuses a control request's arguments (a field of the wrong type), checked before anything else. */
  controlArgumentError?(subtype: string, request: Record<string, unknown>): { message: string; code?: string | undefined } | undefined;
  /**
   * Control subtypes this profile answers (others get the unsupported error); those the session does not
   * handle itself are answered from the profile's captured replies (ControlPayload `canned`).
   */
  controlSubtypes: ReadonlySet<string>;
  /** The model a name stands for (an alias such as `opus` or `default` resolves to the id the CLI reports). */
  resolveModel(name: string): string;
  /** cbc 2.117.0: set_model takes the name as given (no resolution) and refuses a missing or empty one with `emptyError`. */
  setModelAsGiven?: { emptyError: string };
  /** Why set_permission_mode refuses `mode` (message and, where the CLI sends one, error code), or undefined to accept it. */
  rejectPermissionMode(mode: string, launchedWith?: CliFlags): { message: string; code?: string } | undefined;
  /** stop_task naming no task: cbc errors ("No task found with ID"), Claude Code answers an empty success (measured). */
  stopUnknownTask: 'error' | 'ok';
  /** Exit code after stdin EOF when the last result was an error. */
  exitCodeAfterErrorResult: number;
  /** Exit code on SIGINT/SIGTERM/SIGHUP once serving: cbc 2.117.0 exits 0 (captures sig_*); unset: 128 + the signal's number. */
  signalExitCode?: number;
  /** An empty text prompt (`-p` or text input, empty stdin): cbc 2.117.0 plays a blank turn, nothing in text output (captures ses_p_no_prompt, ses_p_empty_stdin_stream_fw); unset: the usage error, exit 1. */
  emptyPromptIsBlank?: boolean;
  /** A --permission-mode value the CLI does not know: cbc 2.117.0 runs in `default` (capture ses_bad_permission_mode). */
  unknownPermissionModeIsDefault?: boolean;
  /**
   * cbc 2.117.0: the frames after a tool the host allowed or denied over can_use_tool, or after a --json-schema re-prompt,
   * carry no `_requestId` (captures req_can_use_tool_allow, req_can_use_tool_deny_cbc_other, opt_json_schema).
   */
  requestIdDropsOnReentry?: boolean;
  /**
   * cbc 2.117.0: a call refused because nobody may be asked (-p mode, dontAsk mode) or by a deny rule (`byRule`) gets the
   * CLI's own explanation as a tool_result that is no error and no permission_denials entry; a host request cancelled by
   * stdin EOF is refused without an entry too (captures ses_p_gated_tool_cbc, opt_permission_mode_dontask_cbc,
   * ctl_set_permission_mode_dontask_tool_cbc, eof_pending_permission_h2, opt_disallowedTools_touch_pattern_stream_ask_h8).
   */
  unaskedRefusal?: { printMode: (tool: string) => string; dontAsk: (tool: string) => string; byRule?: (tool: string, input: Record<string, unknown>) => string };
  /** A prompt that got no model reply joins the next one (cbc 2.117.0; src/engine/unanswered.ts). */
  unansweredPromptsCarry?: boolean;
  /**
   * Each --allowedTools / --disallowedTools entry is one rule as given, its tool name compared without case; allow rules
   * read as src/engine/allow-rules.ts says (cbc 2.117.0: PermissionUtils.matchPermissionRules, extractWholeToolRules).
   */
  allowRulesAsGiven?: boolean;
  /** A can_use_tool answer allows only with `allowed: true`; `behavior: "allow"` alone denies (cbc 2.117.0 reads `allowed ?? false`). */
  hostAllowsByAllowedOnly?: boolean;
  /** A can_use_tool answer's updatedPermissions rule and directory updates apply for the rest of the session (Claude: rule-book.ts; cbc 2.117.0 never reads them). */
  hostAddsRules?: boolean;
  /** Under stream-json input a refused --resume keeps serving: control requests answered, each prompt gets the refusal again (cbc 2.117.0). */
  refusedSessionServes?: boolean;
  /** A can_use_tool request has no time limit unless the scenario gives one (cbc 2.117.0 arms a timer only when asked to). */
  permissionWaitsForever?: boolean;
  /** Claude: the user lines queued behind a running turn run together as the next turn (engine/commands.ts nextTurn). */
  batchesQueuedPrompts?: boolean;
  /**
   * Claude: user lines queued while a turn's tool calls run go with the turn's next model call, no turn of their own
   * (engine/fold.ts); `hooked`: each passes its UserPromptSubmit hooks first (2.1.328).
   */
  foldsQueuedPrompts?: boolean | 'hooked';
  /** Command hooks from the settings run for real (Claude: engine/command-hooks.ts). */
  settingsCommandHooks?: boolean;
  /** An interrupt during a reply's delay writes the scenario turn's `partial` text as an assistant message first (cbc 2.117.0: int_mid). */
  interruptWritesPartial?: boolean;
  /**
   * The CLI's own text for a failed model call (a scenario turn's `error`, written in Claude Code's "API Error: <status>
   * <message>" form); cbc 2.117.0 names its API request id and the session (captures ses_api_error_cbc, eof_after_error_cbc).
   */
  apiErrorText?: (shown: string, apiRequestId: string, sessionId: string) => string;
  /**
   * cbc 2.117.0: the text of a turn that got no model reply (the failed call's error text, "Interrupted by user") is written
   * for the process's first turn only; a later such turn writes none, its result carries the turn's `_requestId`, and the
   * text joins the conversation after the result (one message more for the next num_turns). An interrupted turn's result
   * repeats the conversation's last reply text, a resumed one's included (captures ses_api_error, eof_after_error_cbc,
   * ses_api_error_after_ok_cbc, ctl_interrupt_second_turn_cbc, ctl_interrupt_slow_twice_cbc, ses_resume_interrupt_then_turn_h8).
   */
  unansweredTextFirstTurnOnly?: boolean;
  /** An interrupted turn's result repeats the conversation's last reply on its first turn too, a restored one included (cbc 2.117.0: ses_resume_interrupt_then_turn_h8); else only on later turns. */
  interruptRepeatsLastReply?: boolean;
  /** cbc 2.117.0: --worktree outside a git work tree prints this on stderr and exits 1 before any frame (capture opt_worktree). */
  worktreeOutsideGit?: string;
  /** --json-schema and a scenario turn with no structured_output: the CLI re-prompts this often, then ends with the text (cbc 2.117.0: 3, capture opt_json_schema); unset: the emulator's own error. */
  structuredOutputRetries?: number;
  /** The user message those re-prompts send (`{schema}`: the schema's JSON); the scenario's model answers it as a prompt (cbc 2.117.0's STRUCTURED_OUTPUT_FEEDBACK_TEMPLATE). */
  structuredOutputFeedback?: string;
  /** The folder under `<settingsDir>/projects` a cwd's transcripts go to; unset: every `/` and `.` a dash (Claude Code). */
  projectFolder?(cwd: string): string;
  /** Claude: `-p`/stream-json output without --verbose is an error. */
  requiresVerboseForStreamJson: boolean;
  /** Where this CLI keeps settings files (`.codebuddy` or `.claude`). */
  settingsDir: string;
  /** cbc 2.117.0: a host's can_use_tool denial shows the fixed rejection text, whatever message or reason it gave (capture req_can_use_tool_deny_cbc_other). */
  hostDenyTextFixed?: boolean;
  /** Default model id. */
  defaultModel: string;
  /** The environment variable that names the model when --model does not (cbc: CODEBUDDY_MODEL). */
  modelEnv?: string;
  /** --permission-prompt-tool naming a tool no server offers or no MCP tool: the error a gated call ends the run with (prompt-tool.ts). */
  promptToolError?(name: string): string;
  /** How a user line's `priority` acts (stdin-priority.ts): `unknown`, a value the SDK types do not name. Unset: ignored. */
  userPriority?: { unknown: 'queue' | 'drop' };
  /** The model `--agent`'s definition names (Claude: its `model`, unless `inherit`), used when --model names none. */
  agentModel?(flags: CliFlags, agent: string | undefined, hostAgents?: unknown): string | undefined;
  /** Whether `--agent`'s tools keep --json-schema's tool (Claude: StructuredOutput); false: the schema is not enforced. */
  agentKeepsSchema?(flags: CliFlags, agent: string | undefined): boolean;
  /** An empty --model counts as none given (cbc 2.117.0: the default model; Claude Code keeps "" as the model; capture opt_model_empty_ft). */
  emptyModelIsUnset?: boolean;
  /**
   * A sub-agent run in the foreground (background tasks switched off) is a task the turn waits for: task_started, its
   * prompt, task_updated, task_notification, then a hand-back result (Claude; measured: env_disable_bg_agent_fm); else,
   * unset, its result comes as a plain tool result (cbc 2.117.0).
   */
  foregroundAgentTask?: boolean;
  /** Under --replay-user-messages the host's control_response lines are written back too (Claude: req_can_use_tool_allow_replay_h7). */
  replaysHostResponses?: boolean;
  /** Tool names listed in system/init for the session's options (see {@link InitToolOptions}). */
  initTools(o: InitToolOptions): string[];
  /**
   * What a stdin line that is not JSON does: `fatal` prints the text on stderr and exits 1 (Claude
   * Code); `report` emits an error frame with the text and carries on (cbc 2.117.0).
   */
  malformedLine(line: string, error: Error): { fatal: string } | { report: string };
  /**
   * JSON on stdin that is no readable frame (src/transport/inbound.ts; captures in_json_null, in_json_array,
   * in_unknown_type, in_ctl_no_request, in_user_no_message): `fatal` prints the text on stderr and exits 1,
   * `report` writes an error frame and carries on, `blank` plays cbc's empty turn, `accept` takes it as the
   * frame it claims to be, `ignore` does nothing (logged at info level only: the real CLIs say nothing).
   */
  oddLine(problem: OddProblem, line: string, value: unknown): { fatal: string } | { report: string } | 'blank' | 'accept' | 'ignore';
  /**
   * A user line whose message.content the CLI cannot read: neither a string nor a list (`not-list`: a number, an
   * object, true), `null`, or a text block without its text (`no-text`). Claude drops the line (`ignore`; a null
   * content is an empty prompt, `accept`), cbc 2.117.0 reports its own TypeError in an error frame and goes on
   * (captures in_content_number_fm, in_text_block_no_text_fm, in_content_null_fm).
   */
  oddContent(problem: 'not-list' | 'null' | 'no-text'): { report: string } | 'ignore' | 'accept';
  /** cbc 2.117.0 has no keep_alive line: it is an unknown type there, an empty turn (capture in_keep_alive_twice). */
  keepAliveIsUnknown?: boolean;
  /** --resume under stream-json input replays the stored conversation unless a prompt comes first (cbc 2.117.0; engine/stored-replay.ts). */
  replaysAtResume?: boolean;
  /** An unreadable line while the first turn runs plays its blank turn at once in a side session (cbc 2.117.0; engine/blank-beside.ts). */
  blankBesideFirstTurn?: boolean;
  /** cbc 2.117.0 answers session-bound control requests with "Session not found: current" before the first turn. */
  sessionBoundBeforeFirstTurn?: ReadonlySet<string>;
  /**
   * cbc 2.117.0's set_model: naming a session_id before the first turn is answered for that session (not "Session not
   * found"); after it, a session_id naming another session is refused "Session mismatch" (captures ctl_set_model_*_sid).
   */
  namedSessionAhead?: ReadonlySet<string>;
  /** Summary text of a task notification. */
  summary(task: TaskInfo, status: NotificationStatus, detail: TaskEndDetail): string;
  /** Text of the tool_result that confirms a background launch. */
  launchedText(task: TaskInfo): string;
  /** Single-shot `-p` with a background shell/agent request: seed 002 §8 cbc returns a clear error; Claude waits. */
  backgroundInPrint: 'error' | 'wait';
  /**
   * The switch that turns background tasks off, and what a background shell request does then: `foreground` runs it in the
   * foreground with no task events (seed 002 §8, cbc); `invalid-input` refuses it, the tool's input schema no longer has
   * `run_in_background` (Claude: env_disable_bg_bash_h3). A background agent runs in the foreground on both (env_disable_bg_agent_fm).
   */
  backgroundOff: { env: string; shell: 'foreground' | 'invalid-input' };
  /** The environment switch that turns workflows off (cbc: CODEBUDDY_DISABLE_WORKFLOWS); none: the profile reads none (dropin/config.ts). */ workflowsOffEnv?: string;
  /** Workflows off, a turn calling Workflow still plays and says they are off (the seeds' cbc); elsewhere it is passed over (offered.ts pickTurn). */ workflowsOffPlays?: boolean;
  /**
   * cbc 2.117.0 (its bundle: BashTool.isBackgroundExecutionBlocked is `options.print`, true in every headless mode;
   * AgentTool.spawnBackgroundAgent): a run_in_background shell call is refused (`shellRefusal`: the tool_result text, and
   * the error and code of its raw response), a background agent joins the session's auto-created team as a member
   * (`agentSpawned`: the tool_result text). No task events and no follow-up turn, whatever backgroundOff's switch says
   * (captures bg_bash, bg_agent, eof_bg_task_running_fm, env_disable_bg_*_fm). Absent: background tasks run.
   */
  headlessBackground?: {
    shellRefusal(command: string): { content: string; error: string; code: string };
    agentSpawned(member: { name: string; sessionId: string; taskId: string }): string;
    /** The task id of a spawned team member. */
    memberTaskId(rng: Random): string;
  };
  /** The errors[] of a turn ended by an interrupt (Claude); cbc ends it with an empty success result. */
  interruptedErrors: readonly string[];
  /**
   * A host denial with interrupt: true ends the turn at the tool call. `tool-result`: the refused call's tool_result, the
   * interrupted user frame, then an interrupted result with these errors (Claude); `result`: only the error result (cbc).
   */
  denyInterrupt: { shows: 'tool-result'; errors: readonly string[] } | { shows: 'result' };
  /**
   * A can_use_tool request that failed instead of being answered (stdin closed while it waited, an error
   * control_response, an answer the CLI finds invalid): the call is refused with `text` (undefined: the generic
   * rejection) and the turn goes on; `counted`: the refusal lands in permission_denials.
   */
  permissionFailure(f: PermissionFailure): { text?: string; counted: boolean };
  /** Whether `mode` allows a shell command without asking (Claude: acceptEdits, one that writes inside the cwd, measured: opt_permission_mode_accept_edits_bash_call; auto checks a Bash call as acceptEdits first and runs what that allows without its classifier, read from its Bash check: opt_permission_mode_auto_p_fgbash_fy). */
  acceptEditsShell?(input: Record<string, unknown>, cwd: string, mode: string): boolean;
  /** Claude: why a can_use_tool answer is no valid permission result (the refusal's text), or undefined when it is valid. */
  invalidPermissionAnswer?(body: Readonly<Record<string, unknown>>): string | undefined;
  /** cbc 2.117.0: a result's permission_denials list every denial of the session so far, not only the turn's. */
  denialsSessionWide?: boolean;
  /**
   * An interrupt (control request or SIGINT) while a can_use_tool request waits: `refuse-call` cancels it before the
   * interrupt's reply and ends the turn at the call as a host denial with interrupt: true does (Claude); `cancel`: the request is cancelled and the interrupt
   * ends the turn by itself; `ignore`: the interrupt is answered, but the request keeps waiting and the turn goes on
   * (cbc 2.117.0: capture req_can_use_tool_interrupt_pending).
   */
  interruptAtPermission: 'refuse-call' | 'cancel' | 'ignore';
  /** cbc 2.117.0 (measured): an interrupted turn ends with a success result whose `result` is "". */
  interruptedTurnSucceeds: boolean;
  /** Path of a task's output file: under the emulator home, unless the environment names the CLI's own temp folder. */
  outputFile(home: string, cwd: string, sessionId: string, taskId: string, env: Readonly<Record<string, string | undefined>>): string;
  /**
   * The folder output files are written under, never leaving it (store/paths.ts writeInside): the CLI's own temp
   * folder when the environment names one (Claude: CLAUDE_CODE_TMPDIR); the emulator home when absent.
   */
  outputRoot?(home: string, env: Readonly<Record<string, string | undefined>>): string;
  /**
   * The model of a resumed session run without --model: the one its transcript's last answer names (Claude: the
   * API's model, without the 1M-context `[1m]` marker; measured ses_resume, ses_continue on 2.1.220). Absent: unchanged.
   */
  resumedModel?(model: string): string;
  /**
   * How a serving run ends on a signal (absent: `code` for each): `code` flushes and exits 128 + the signal's number;
   * `raise` flushes and dies by the signal itself (a consumer sees the signal, no exit code: Claude 2.1.220's SIGTERM
   * and SIGHUP while it starts up, `raise-until-ready`: before its first initialize reply or result; `code` after); `interrupt`
   * interrupts the running turn as a client interrupt does, flushes and exits 0 (Claude's SIGINT). Captures sig_* (#16).
   */
  signalEnd?: Readonly<Partial<Record<'SIGHUP' | 'SIGINT' | 'SIGTERM', 'code' | 'raise' | 'raise-until-ready' | 'interrupt' | 'quiet'>>>;
  /** signalEnd once stdin has ended; `quiet`: exit 0 with nothing more written (Claude 2.1.220's SIGINT: sig_int_after_eof_mid_turn_h6). */
  signalEndAfterEof?: Readonly<Partial<Record<'SIGHUP' | 'SIGINT' | 'SIGTERM', 'quiet'>>>;
  /**
   * Signals that, before the run ends as signalEnd says, cancel the host requests still waiting as an interrupt does
   * (a can_use_tool then plays interruptAtPermission). Claude 2.1.220's SIGTERM (capture sig_term_pending_permission).
   */
  signalCancelsHostRequests?: ReadonlySet<'SIGHUP' | 'SIGINT' | 'SIGTERM'>;
  /**
   * Signals on which the CLI stops its live background shells and agents before it ends (TaskRun.shutdown): Claude,
   * captures sig_term_bg_task_running_fm, sig_int_bg_task_running_fm.
   */
  signalStopsTasks?: ReadonlySet<'SIGHUP' | 'SIGINT' | 'SIGTERM'>;
  /** How a background agent ends in that shutdown (events.ts AgentShutdown; default: as a shell). */
  agentShutdown?: AgentShutdown;
  /**
   * --json-schema and a scenario turn with no structured_output: the CLI's reminder to call StructuredOutput, after
   * which the model answers once more and the turn succeeds without a structured result (Claude; captures
   * opt_json_schema, ses_json_schema). Absent: such a turn ends with the emulator's error naming the scenario problem.
   */
  schemaEnforcement?: string;
  /** A call failed with `error` and --fallback-model names `fallback`: why the CLI retries on it, or undefined (Claude's retry loop). */
  modelFallbackTrigger?(error: string, original: string, fallback: string): string | undefined;
  /** What a re-initialize (an initialize after another or after a prompt) takes from its request: unset, all of it. */
  reinitialize?: 'ignored' | 'hooks-only';
  /** A string prompt of whitespace only is refused with this notice and result, no model call (Claude 2.1.328). */
  blankPromptText?: string;
  /** A `-p` prompt argument of whitespace only: no message, the run ends with nothing written, exit 0 (`ignored`), or this usage error, exit 1. */
  blankPromptArg?: 'ignored' | { error: string };
  /** `-p` reads piped stdin beside a prompt argument (joined after it), waiting `ms` of real time for its first data or end, then `warning` on stderr (Claude). */
  printStdin?: { ms: number; warning: string };
  /**
   * permissions.allow of the project's settings file (<cwd>/.claude/settings.json) is not honoured in an untrusted workspace,
   * the local file's is; the stderr line saying so (Claude: captures opt_settings_allow_bash_project, opt_settings_allow_bash_local).
   */
  projectAllowIgnored?(count: number, cwd: string, home: string): string;
  /** --max-turns reaches the process's first turn only (cbc 2.117.0 under stream-json input: engine/limits.ts turnLimitApplies). */
  maxTurnsFirstTurnOnly?: boolean;
  /** set_model while a can_use_tool request waits: the run the answer resumes takes the new model (cbc 2.117.0: ctl_set_model_pending_permission_fb; a tool hook's wait keeps it: ctl_set_model_pending_hook_fb; a prompt hook's does not, the turn opens after it: ctl_set_model_pending_prompt_hook_fw). */
  setModelNextCall?: boolean | 'and-tool-hooks' | 'and-prompt-hooks';
  /** How a hook matcher registered in initialize is tested against its event's subject (engine/hook-match.ts; default `anchored`, Claude Code's). */
  hookMatcher?: HookMatcherRule;
  /** SessionStart hooks registered in initialize are asked once, before the session's first turn (cbc 2.117.0: engine/session-start-hooks.ts). */
  sessionStartHooks?: boolean;
  /** PermissionRequest hooks registered in initialize are asked before a can_use_tool request (cbc 2.117.0: engine/permission-request-hooks.ts). */
  permissionRequestHooks?: boolean;
  /** The initialize request's `jsonSchema` acts as --json-schema (Claude; cbc 2.117.0 ignores it: captures ctl_initialize_json_schema_h3). */
  initializeJsonSchema?: boolean;
  /** Path of a shell task's separate stderr file (cbc's output_stderr_file), or undefined when the CLI has none. */
  shellStderrFile(outputFile: string): string | undefined;
  /** The error of a turn stopped by --max-turns <limit> (captures ses_max_turns). */
  maxTurnsError(limit: number): string;
  /** The turn limit from --max-turns (`flag`) and the environment: cbc 2.117.0 reads the flag with Number() (0 and below refuse the first model call, NaN sets no limit), else CODEBUDDY_CODE_MAX_TURNS when above 0; unset: a flag's whole number above 0 (Claude). */
  maxTurnsValue?(flag: string | undefined, env: Readonly<Record<string, string | undefined>>): number | undefined;
  /** --resume of an unknown session and --session-id of a stored one (src/store/binding.ts). */
  binding: BindingPolicy;
  /** Claude Code prints a refused --resume on stderr too; cbc 2.117.0 only writes its error frame (captures ses_resume_*). */
  sessionErrorOnStderr: boolean;
  /**
   * Claude shows the assistant tool_use before its PreToolUse hook_callbacks, cbc 2.117.0 once the first is out (captures
   * req_hook_callback, in_nonjson_pending_hook_fu); both show it before the can_use_tool request (req_can_use_tool_allow).
   */
  toolUseBeforeHooks: boolean;
  /**
   * What a UserPromptSubmit hook's answer does: `block` (decision "block") and `stop` (continue: false) each either end
   * the turn with a result and no model call (`result`, Claude), are ignored (`ignore`: cbc 2.117.0's block), or drop the
   * turn without a result and start a new session (`new-session`: cbc 2.117.0's stop). Measured:
   * req_hook_callback_prompt_block, req_hook_callback_prompt_continue_false. `interrupted`: see prompt-hooks.ts endUnstarted.
   */
  promptHookStops: { block: PromptStop; stop: PromptStop; interrupted?: 'bare-result' | 'opened' };
  /** A Stop hook's decision "block" makes the model go on (Claude), or is ignored (cbc 2.117.0; measured: req_hook_callback_stop_block). */
  stopHookBlocks: boolean;
  /** What a PreToolUse hook's answer does (measured: req_hook_callback_pre_*). */
  preToolHook: PreToolHookPolicy;
  /** The CLI's text for a prompt a hook stopped (Claude's notice and result, cbc's error frame). */
  promptStopText(how: 'block' | 'stop', reason: string | undefined, prompt: string): string;
  /** cbc asks the host for permission over stdio on its own; Claude only with --permission-prompt-tool stdio. */
  asksHostWithoutPromptTool: boolean;
  /** cbc's Workflow tool input names a script file as `scriptPath`; Claude always inlines the `script`. */
  workflowInputNamesScriptPath: boolean;
  /** Claude's task_started carries the workflow script as `prompt`; cbc omits it (seed 000 §5.1). */
  workflowPromptInTaskStarted: boolean;
  /** `clientInfo.name` of the CLI in an SDK MCP server's initialize handshake. */
  mcpClientName: string;
  /** The JSON-RPC `initialize` message of an SDK MCP server's handshake, when the profile knows the CLI's own (captures ctl_mcp_set_servers_sdk_h4). */
  mcpInitialize?(id: number): Record<string, unknown>;
  /** Claude 2.1.328: initialize's SDK MCP servers are connected again after the reply (engine/mcp.ts initializeSdkServers). */
  sdkServersReconnect?: boolean;
  /** What `--version` prints. */
  versionText: string;
  /** Name of the captured `--help` text (src/dropin/help/<name>.txt). */
  helpName: string;
  /** --max-budget-usd: what the model tokens cost, and the error of a turn past the budget (absent: the flag is ignored). */
  budget?: { costUsd(model: string, inputTokens: number, outputTokens: number): number; error(limit: number): string };
  /** Lines the CLI writes to stderr at start-up for the flags given (Claude: --betas it does not allow). */
  startWarnings?(flags: CliFlags, model: string): string[];
}

/** What the tools a session offers depend on. */
export interface InitToolOptions {
  /** --disallowedTools rules (a bare tool name removes the tool). */
  disallowed: readonly string[];
  /** Deny rules a host's answer added during the session: the tools stay listed (Claude: a denied Bash brings Glob and Grep). */
  deniedLater?: readonly string[] | undefined;
  /** The host answers permission prompts (Claude: --permission-prompt-tool stdio). */
  hostAnswersPrompts: boolean;
  disableWorkflows: boolean;
  /** --json-schema was given (Claude lists its StructuredOutput tool then); `initialize`: only the initialize request's jsonSchema. */
  structuredOutput?: boolean | 'initialize';
  /** The command-line flags given, with their values (SessionOptions.cliFlags). */
  cliFlags?: CliFlags | undefined;
  /** `--agent <name>`, if given. */
  agent?: string | undefined;
  /** The agents the initialize request defined (the SDK's `agents`: an object by name). */
  hostAgents?: unknown;
  /** The session's model (resolved). */
  model?: string | undefined;
}

/** Id formats of one CLI. */
export interface ProfileIds {
  sessionId(rng: Random): string;
  taskId(kind: TaskKind, rng: Random): string;
  runId?(now: number, rng: Random): string;
  /** Claude: a Workflow launch's run id and files, beside the session transcript (`<session>.jsonl`). */
  workflowRun?(rng: Random, transcriptPath: string, workflowName: string): WorkflowRunFiles;
  toolUseId(rng: Random): string;
  messageId(rng: Random): string;
  /** Id of a CLI-initiated request: cbc `perm_<ms>_<n>` / `hook_<ms>_<n>` (measured). */
  hostRequestId(kind: 'perm' | 'hook' | 'mcp', now: number, n: number, rng: Random): string;
  /** Sub-agent id; cbc derives it from content (stable across runs), Claude draws it. */
  agentId(canonical: string, rng: Random): string;
}

/** A profile: behaviour, ids and the encoder from engine events to typed wire frames. */
export interface Profile {
  name: ProfileName;
  cli: CliName;
  version: string;
  behavior: ProfileBehavior;
  ids: ProfileIds;
  /** Encodes one event; `undefined` means this CLI does not emit such a frame. */
  encode(ev: EngineEvent, ctx: EncodeContext): WireFrame | WireFrame[] | undefined;
}

