import type { McpServerInfo } from './mcp-servers.js';
/**
 * Typed events the engine produces on the virtual clock. They say *what happened*; profiles
 * (src/profiles) decide whether and how each becomes bytes on the wire.
 */
import type { AgentState, NotificationStatus, SessionState, TaskKind, TaskStatus, TerminalTaskStatus } from '../protocol/vocabulary.js';

/** A row's slot for the encoders' layout of its revision (profiles/shared/rows.ts, #21); emptied when the run ends. */
export const ROW_LAYOUT: unique symbol = Symbol('row layout');

/** One agent row of a workflow timeline (seed 000 §5.2), profile-neutral. */
export interface AgentRow {
  type: 'workflow_agent';
  index: number;
  label: string;
  phaseIndex?: number | undefined;
  phaseTitle?: string | undefined;
  /** Profile-specific id (cbc: `v2:<sha256>`; Claude: `a` + 16 hex). */
  agentId: string;
  model: string;
  prompt: string;
  state: AgentState;
  queuedAt: number;
  startedAt: number;
  endedAt?: number | undefined;
  lastProgressAt: number;
  tokens: number;
  toolCalls: number;
  durationMs?: number | undefined;
  resultPreview?: string | undefined;
  error?: string | undefined;
  /** Set on rows ended by the run's end (Claude 2.1.328 stop snapshot). */
  endedWithRun?: NotificationStatus | undefined;
  /** True for rows flipped to error after an interrupt (cbc late rows). */
  aborted?: boolean | undefined;
  /** 0 when made, +1 at every change of any field: encoders lay out each revision once (#21), an unbumped change is lost. */
  rev: number;
  [ROW_LAYOUT]?: unknown;
}

/** A phase row of a workflow timeline. */
export interface PhaseRow {
  type: 'workflow_phase';
  index: number;
  title: string;
  [ROW_LAYOUT]?: unknown;
}

/** One row of a workflow's timeline snapshot. */
export type TimelineRow = PhaseRow | AgentRow;

/** Identity and static facts of one background task. */
/** Where Claude keeps one workflow run: `wf_<hex8>-<hex3>`, its transcript folder and its script file. */
export interface WorkflowRunFiles {
  runId: string;
  transcriptDir: string;
  scriptPath: string;
}

export interface TaskInfo {
  taskId: string;
  /** Set when an interrupt stops the task (subagent_stats counts such agents killed by the system: interrupt-tasks.ts). */
  stoppedByInterrupt?: boolean | undefined;
  runId?: string | undefined;
  toolUseId: string;
  kind: TaskKind;
  description: string;
  workflowName?: string | undefined;
  /** Claude's task_started.prompt: the workflow script, or the agent prompt. */
  prompt?: string | undefined;
  /** Agent type of an agent task (Claude: task_started.subagent_type). */
  subagentType?: string | undefined;
  /** Claude's run of a Workflow launch: its run id and the folders it names in the launch result (captures wf_*). */
  workflowRun?: WorkflowRunFiles | undefined;
  /** Shell command of a bash/powershell task. */
  command?: string | undefined;
  outputFile: string;
  /** A sub-agent the turn waits for (engine/foreground-agent.ts): no background task list, a hand-back result. */
  foreground?: true | undefined;
  /** Where a shell task's stderr goes (cbc notification output_stderr_file). */
  stderrFile?: string | undefined;
  startedAt: number;
}

import type { HostRequestBody } from './host-request.js';
export type { HostRequestBody };

/** How a task ended, for its notification summary. */
export interface TaskEndDetail {
  error?: string | undefined;
  exitCode?: number | undefined;
  result?: string | undefined;
}

/** Where a task run stands: running until it reaches a terminal status. */
export type RunStatus = Extract<TaskStatus, 'running'> | TerminalTaskStatus;

/**
 * How a background agent ends when the CLI shuts down on a signal (ProfileBehavior.agentShutdown): its stop
 * notification alone, naming no output file (Claude 2.1.220), or nothing at all (2.1.328). Measured after the turn's
 * result with a slow agent running, on SIGINT, SIGTERM and SIGHUP alike (captures sig_int_bg_slow_agent_running_h8,
 * sig_{term,hup}_bg_slow_agent_running_l9); a shell writes the whole shutdown sequence (sig_term_bg_task_running_fm).
 */
export type AgentShutdown = 'notification' | 'silent';

/** A running task of any kind, as the session sees it. */
export interface TaskRun {
  readonly info: TaskInfo;
  readonly terminal: boolean;
  /** A shell task's exit code once it ended (get_task_output). */
  readonly exitCode?: number | undefined;
  /** Stops the task (interrupt or stop_task); false when it had already ended. */
  kill(reason: string): boolean;
  /** Stops the task as the CLI shuts down on a signal (behavior.signalStopsTasks; an agent as `agent` says); false when it had already ended. */
  shutdown?(agent?: AgentShutdown): boolean;
}

/** Token/tool/duration counters, as in the TaskUsage shape. */
export interface TaskUsage {
  total_tokens: number;
  tool_uses: number;
  duration_ms: number;
}

/** How a turn started: a user message, or a task notification (follow-up turn). */
export interface TurnOrigin {
  /** `blank`: cbc's empty turn for stdin JSON it cannot read (captures in_json_array, in_unknown_type). */
  kind: 'user' | 'task-notification' | 'blank';
  runId?: string | undefined;
  /** The client uuids of the user lines this turn answers (SDKUserMessage.uuid; Claude echoes them: commands.ts). */
  uuids?: readonly string[] | undefined;
  /** The user line was marked isSynthetic (SDKUserMessage.isSynthetic): Claude 2.1.328's result names an unclassified origin. */
  synthetic?: boolean | undefined;
  /** Those of `uuids` taken into the running turn while a tool call waited (fold.ts): completed at their reply. */
  folded?: readonly string[] | undefined;
  /** A blank turn of an empty text prompt (cbc 2.117.0: its blank system/init alone, capture ses_p_empty_stdin_stream_fw). */
  empty?: boolean | undefined;
}

/** Counters a turn's `result` reports. */
export interface TurnStats {
  startedAt: number;
  endedAt: number;
  apiMs: number;
  numTurns: number;
  /** An interrupt cut a model call mid-reply (a turn's `partial`): Claude 2.1.328 still reports that call's model usage. */
  cutCall?: boolean;
  /** Messages of the session's conversation so far, this turn's included: prompts, replies, tool results (cbc's num_turns). */
  messages: number;
  inputTokens: number;
  outputTokens: number;
  /** The turn's tokens per model, in the order of the calls (a set_model between two calls: each under its own model). */
  byModel?: Map<string, { input: number; output: number }>;
  origin: TurnOrigin;
  resultIndex: number;
  /** Tools the host (or the rules) denied in this turn: the result's permission_denials. */
  permissionDenials: Array<{ tool_name: string; tool_use_id: string; tool_input: Record<string, unknown> }>;
  /** The host denied a tool call with interrupt: true and the turn ended there (Claude: terminal_reason aborted_tools). */
  abortedAtTool?: boolean;
  /** A UserPromptSubmit hook stopped the prompt before any model call (Claude: a result with num_turns 0). */
  blocked?: boolean | 'blank';
  /** A PreToolUse hook answered continue: false: the call ran and the turn ended after it (Claude: terminal_reason hook_stopped). */
  hookStopped?: boolean;
  /** A Stop hook answered continue: false: the turn ends as it would have (Claude: terminal_reason stop_hook_prevented). */
  stopHookPrevented?: boolean;
}

/**
 * What the machine says about a control request's target, looked up by the engine so that profiles stay pure
 * encoders (issue #16; control-facts.ts): the file read_file names, the directory register_repo_root names, the
 * task get_task_output names, the model apply_flag_settings sets. Absent for the subtypes that name none.
 */
export interface ControlFacts {
  /** The request's path as given, and resolved against the session's cwd. */
  path?: { given: string; abs: string; kind: 'file' | 'dir' | 'missing' | 'other'; bytes?: Uint8Array | undefined; error?: string | undefined };
  /** The task get_task_output names, when the session ran it: its output so far, and its exit code once it ended. */
  task?: { output: string; exitCode: number | undefined; terminal: boolean; kind: TaskKind };
  /** The model apply_flag_settings' `settings.model` asks for, and the session's model before it. */
  model?: { requested: string; previous: string; midTurn?: boolean; resolved?: string };
  /** The configured MCP server an mcp_toggle / mcp_reconnect names, or what mcp_set_servers added and removed (mcp-servers.ts). */
  mcp?: { server?: McpServerInfo; added?: McpServerInfo[]; removed?: string[] };
  /** list_permission_rules: the session's rules with their sources, in listing order, and the directories added (rule-book.ts). */
  permissions?: { rules: Array<{ behavior: string; source: string; rule: string }>; directories: Array<{ path: string; source: string }> };
  /** cancel_async_message: the uuid of the queued user line it cancelled (commands.ts cancelQueued). */
  cancelled?: string;
  /** get_settings: each settings source the session read, in layering order (settings-view.ts). */
  settings?: Array<{ source: string; parts: Array<Record<string, unknown>> }>;
}

/** What a foreground sub-agent hands back with its report (tool_result.handBack). */
export interface HandBack {
  task: TaskInfo;
  status: 'completed' | 'failed';
  durationMs: number;
  /** The sub-agent's tokens: its model calls' input and output. */
  tokens: number;
  toolUses: number;
}

/** What a successful control reply reports, per subtype; the profile shapes its payload. */
export type ControlPayload =
  /** `repeat`: an initialize or a prompt came before; `state`: the session's state when it came (idle, a turn running, a permission prompt waiting); `waiting`: the can_use_tool requests then unanswered. */
  | { kind: 'initialize'; request: Record<string, unknown>; repeat: boolean; state?: SessionState | undefined; waiting?: Array<{ requestId: string; request: HostRequestBody }> | undefined }
  | { kind: 'interrupt'; sessionId: string; reason: string; requested: string | undefined; cancelQueued: boolean; cancelled?: readonly string[] | undefined; held?: boolean | undefined }
  | { kind: 'set_permission_mode'; mode: string; previous: string | undefined; sessionId: string }
  /** `model` is what `requested` resolves to (ProfileBehavior.resolveModel); `previousChosen` the model last named (--model, set_model). */
  | { kind: 'set_model'; model: string; requested: string; previous: string; previousChosen: string | undefined; sessionId: string }
  | { kind: 'set_max_thinking_tokens' }
  | { kind: 'stop_task' }
  | { kind: 'mcp_status' }
  | { kind: 'get_available_modes' }
  | { kind: 'get_available_models' }
  /** A subtype the profile answers from its captured replies (data), whatever the session's state. */
  | { kind: 'canned'; subtype: string; request: Record<string, unknown>; facts?: ControlFacts | undefined };

/** The --max-budget-usd facts of a result: the limit, whether the turn called the model, the tokens the result reports. */
export interface ResultBudget {
  limit: number;
  called: boolean;
  /** The call that spent the budget asked for a tool, which did not run (the result's stop_reason is tool_use). */
  atTool?: boolean | undefined;
  inputTokens: number;
  outputTokens: number;
}

/** Everything the engine can say, in emission order; the profile encodes each (or drops it). */
export type EngineEvent =
  /** A settings command hook started, or ended with its output and exit code (engine/command-hooks.ts; Claude: --include-hook-events). */
  | { kind: 'hook_lifecycle'; phase: 'started' | 'response'; hookId: string; hookName: string; hookEvent: string; stdout?: string; stderr?: string; exitCode?: number; outcome?: 'success' | 'error' | 'cancelled' }
  | { kind: 'control_success'; requestId: string | undefined; payload: ControlPayload }
  | { kind: 'control_error'; requestId: string | undefined; subtype: string; reason: 'unsupported' | 'invalid'; message?: string; errorCode?: string }
  | { kind: 'session_state'; state: SessionState }
  /** The session starts serving, before any input is read (Claude 2.1.328 writes its --name / --safe-mode notices). */
  | { kind: 'session_open' }
  | { kind: 'input_error'; message: string }
  /** The session cannot start (an unknown --resume id): the CLI's error frame, no turn. */
  | { kind: 'session_error'; message: string }
  | { kind: 'host_request'; requestId: string; request: HostRequestBody }
  | { kind: 'host_cancel'; requestId: string }
  | { kind: 'turn_init' }
  /** A Stop hook answered decision "block": the turn goes on with its reason as feedback (Claude; measured: req_hook_callback_stop_block). */
  | { kind: 'stop_feedback'; reason: string }
  /** A host's can_use_tool answer changed the permission mode (updatedPermissions setMode; Claude: a system/status naming it). */
  | { kind: 'mode_changed'; mode: string }
  /**
   * A UserPromptSubmit hook's answer stopped the prompt: `block` (decision "block", with its reason) or `stop`
   * (continue: false, with its stopReason). Claude writes a system/informational notice, cbc 2.117.0 an error frame.
   */
  /** A prompt of whitespace only, refused before any hook or model call (behavior.blankPromptText). */
  | { kind: 'blank_prompt'; text: string }
  /** The host answered a hook_callback with an error: its answer counts as empty (Claude 2.1.328 says so in a notice). */
  | { kind: 'hook_failed'; hookEvent: string; callbackId: string }
  /** A hook's answer carried a systemMessage for the user (Claude 2.1.328: a system/informational notice "<hook> says: …"). */
  | { kind: 'hook_message'; hookName: string; text: string }
  | { kind: 'prompt_blocked'; how: 'block' | 'stop'; reason: string | undefined; text: string }
  /** cbc's second, empty system/init of a blank turn (no tools, model "unknown"; captures in_json_array). */
  | { kind: 'blank_init' }
  /** cbc's bare status frame of a request that joins an idle session (engine/blank-beside.ts; capture in_keep_alive_idle_after_turn_fe). */
  | { kind: 'idle_status' }
  /** `prompt`: the text the turn answers (cbc's --output-format json history shows it). */
  | { kind: 'turn_preamble'; messageId: string; prompt?: string | undefined }
  /**
   * The turn's first model call starts (its reply comes a model latency later). Claude Code under
   * --include-partial-messages announces it at once with a "requesting" status, so a signal that ends the process
   * mid-call leaves it out (sig_term_mid_turn_partial_h5).
   */
  | { kind: 'call_started' }
  /** `apiError`: the text is the scenario turn's `error`, which Claude Code shows as a synthetic API-error message (capture ses_api_error). */
  | { kind: 'assistant_text'; messageId: string; text: string; apiError?: boolean | undefined }
  /** An assistant text under --include-partial-messages: the API's stream events around the assistant frame (capture ses_partial). */
  | { kind: 'assistant_stream'; messageId: string; text: string }
  /** --replay-user-messages: the user line echoed back as the turn starts (Claude Code; capture ses_replay_user). */
  | { kind: 'user_replay'; content: unknown; uuid?: string | undefined }
  /** A prompt of a stored conversation, replayed at --resume (cbc 2.117.0; src/engine/stored-replay.ts). */
  | { kind: 'stored_prompt'; text: string }
  /** A user line's command as Claude tracks it (queued, started, completed, cancelled): only lines that carry a uuid. */
  | { kind: 'command_lifecycle'; commandUuid: string; state: 'queued' | 'started' | 'completed' | 'cancelled' }
  | { kind: 'subagent_text'; messageId: string; text: string; task: TaskInfo }
  | { kind: 'assistant_tool_use'; messageId: string; toolUseId: string; name: string; input: Record<string, unknown> }
  /** The host's control_response written back (--replay-user-messages; engine/host-response.ts). */
  | { kind: 'host_response_echo'; response: Record<string, unknown> }
  /** A foreground sub-agent's prompt, as its own conversation opens (engine/foreground-agent.ts). */
  | { kind: 'subagent_prompt'; task: TaskInfo; text: string }
  | {
      kind: 'tool_result';
      toolUseId: string;
      content: string;
      isError: boolean;
      task?: TaskInfo | undefined;
      foreground?: boolean | undefined;
      /** The tool call this result answers (a CLI formats a result and its metadata per tool). */
      ran?: { name: string; input: Record<string, unknown> } | undefined;
      /** What allowed the call: the permission rules / mode, or the host's can_use_tool answer. */
      allowedBy?: 'rule' | 'host' | 'hook' | undefined;
      /** The allow rule that let the call run, and whether the command line gave it (else a settings file); or the mode. */
      allowRule?: AllowRule | undefined;
      /**
       * What refused the call (`ran` names it): a deny rule or mode (`rule`), a call that needed asking with no one to ask
       * (`unasked`: no permission prompt tool), or the host's can_use_tool answer.
       */
      deniedBy?: 'rule' | 'unasked' | 'host' | 'host-interrupt' | 'failed' | 'mode' | 'hook' | 'hook-timeout' | 'hook-cancel' | 'aborted' | 'prompt-tool' | undefined;
      /** The deny rule that refused the call (deniedBy `rule`), with its source (rule-book.ts). */
      denyRule?: { source: string; rule?: string | undefined } | undefined;
      /** The deny rule overrode a PreToolUse hook's allow (Claude 2.1.328 writes no permission_denied notice then: req_hook_callback_pre_allow_deny_rule_fv). */
      overHook?: boolean | undefined;
      /** Input parameters the tool does not take: the call failed input validation and did not run (`ran` names it). */
      unexpected?: readonly string[] | undefined;
      /** The tool ran and returned an error object (cbc 2.117.0: its raw response carries the error and its code). */
      toolError?: { error: string; code: string } | undefined;
      /** A foreground sub-agent's report (`content`) handed back to the turn that waited for it (engine/foreground-agent.ts). */
      handBack?: HandBack | undefined;
    }
  /** The turn was interrupted (`forToolUse`: by a host denial with interrupt: true, at a tool call). */
  /** `partial`: the text the model had streamed (the scenario turn's `partial`, where behavior.interruptWritesPartial): a message of its own. */
  /** `repeats`: interrupts that came while the first went through (cbc writes a status frame for each). */
  /** `unwritten`: the "interrupted" text is not written (behavior.unansweredTextFirstTurnOnly); it joins the conversation after the result. */
  | { kind: 'interrupted_user'; messageId: string; forToolUse?: boolean | undefined; partial?: string | undefined; unwritten?: boolean | undefined; repeats?: number | undefined; quiet?: boolean | undefined; beforePrompt?: boolean | undefined }
  /** A user message the CLI writes itself (Claude's --json-schema reminder when no StructuredOutput call came; capture opt_json_schema). */
  | { kind: 'synthetic_user'; text: string }
  /** A failed model call is tried again on --fallback-model (behavior.modelFallbackTrigger names why; capture opt_fallback_model_api_error_h6). */
  | { kind: 'model_fallback'; trigger: string; original: string; fallback: string; error: string }
  /** --max-turns stopped the turn before its next model call: cbc writes the error as an assistant text (captures ses_max_turns). */
  | { kind: 'max_turns'; messageId: string; text: string }
  /** --json-schema: the model answered with text, the CLI asks it again for the structured output (cbc: a file-history-snapshot; capture opt_json_schema). */
  | {
      kind: 'structured_reprompt';
      /** Conversation messages it adds: the reminder, and on the last one the answer the CLI keeps for the result only. */
      messages: number;
      /** The last re-prompt of the turn. */
      last?: boolean;
      /** The answer the CLI keeps for the result only, never written as a message: streamed under --include-partial-messages (cbc: opt_json_schema_partial_h7), in --output-format json's history (ses_json_schema). */
      streamedReply?: { messageId: string; text: string } | undefined;
    }
  | {
      kind: 'result';
      ok: boolean;
      text: string;
      errors: string[];
      stats: TurnStats;
      interrupted: boolean;
      structured?: { value: unknown } | undefined;
      /** The --max-turns limit the turn reached (Claude Code: the error_max_turns result). */
      maxTurns?: number | undefined;
      /**
       * --max-budget-usd was spent (Claude Code: the error_max_budget_usd result): the limit, whether this turn called the
       * model, and the tokens the result reports (the turn's when it called, else the session's so far).
       */
      budget?: ResultBudget | undefined;
      /** The turn ended with the scenario's `error` (Claude Code: the model API's error, capture ses_api_error). */
      apiError?: boolean | undefined;
      /** cbc 2.117.0: the new `_requestId` a result carries after --json-schema re-prompts (captures opt_json_schema*). */
      requestId?: string | undefined;
    }
  | { kind: 'bg_tasks_changed'; at: 'start' | 'before-updated' | 'after-notification' | 'reinitialize'; tasks: TaskInfo[] }
  | { kind: 'task_started'; task: TaskInfo }
  | {
      kind: 'task_progress';
      task: TaskInfo;
      usage: TaskUsage;
      /** The run's timeline at this instant; read it while encoding, keep no reference (the engine goes on changing the rows). */
      rows: readonly TimelineRow[];
      /** The agent row whose change triggered this snapshot (Claude derives description from it). */
      last?: AgentRow | undefined;
      /** Claude 2.1.328's final snapshot of a stopped run. */
      final?: boolean | undefined;
      /** Sub-agent tasks: the tool whose use this progress reports (seed 002 §8 last_tool_name). */
      lastToolName?: string | undefined;
    }
  | { kind: 'task_updated'; task: TaskInfo; patch: { status: TaskStatus; end_time?: number; error?: string } }
  | {
      kind: 'task_notification';
      task: TaskInfo;
      status: NotificationStatus;
      summary: string;
      usage?: TaskUsage | undefined;
      error?: string | undefined;
    };

/** What allowed a call without asking: a rule (from the command line, a settings file, or a host's answer earlier in the session), or the mode (Claude's acceptEdits). */
export type AllowRule = { rule: string; fromCli: boolean; session?: true } | { mode: string };
