import type { EmuLogger } from '../log.js';
import type { SettingsLayer } from '../settings.js';
import type { Obj } from '../protocol/shape.js';
import type { ScenarioT } from '../scenario/schema.js';
import type { SessionProgress } from '../store/sessions.js';
import type { Scheduler, Timer } from './clock.js';
import type { EngineEvent, ResultBudget, TaskRun, TurnOrigin, TurnStats } from './events.js';
import type { HostRequests } from './host.js';
import type { McpServerInfo } from './mcp-servers.js';
import type { CliFlags, Profile } from './profile.js';
import type { Random } from './random.js';
import type { RuleBook, SourcedRule } from './rule-book.js';

/*
 * The port between a session (src/engine/session.ts) and the steps of its turns (turn.ts, asks.ts,
 * launch.ts, mcp.ts). It is a leaf: the steps import it, never the session, so the session alone
 * composes them and no import cycle forms.
 */

/** Virtual milliseconds one model call takes (one assistant message). */
export const MODEL_LATENCY = 40;

/** Everything a session needs; wired by src/run.ts. */
export interface SessionOptions {
  profile: Profile;
  scenario: ScenarioT;
  scheduler: Scheduler;
  rng: Random;
  /** Writes one encoded frame (the transport frames it). */
  write(frame: Obj): void;
  log: EmuLogger;
  cwd: string;
  home: string;
  env: NodeJS.ProcessEnv;
  sessionId: string;
  model: string;
  /** The model the user named (--model or the environment), undefined when none: cbc's first set_model reports it as previous_model. */
  modelChosen?: string;
  permissionMode: string;
  disableWorkflows: boolean;
  /** `--agent <name>`: the session runs as that agent (its tools). */
  agent?: string | undefined;
  /** `-p` single-shot (text input): the process ends after the prompt's work. */
  singleShot: boolean;
  /** Where a resumed session's script stands (--resume / --continue). */
  resume?: SessionProgress | undefined;
  /** --resume under stream-json input: the stored conversation may be replayed (engine/stored-replay.ts). */
  replayAtResume?: boolean | undefined;
  /** Records a finished turn in the session store (absent with --no-session-persistence). */
  persist?: ((state: SessionProgress) => void) | undefined;
  /** The parsed `--json-schema`, when given: results then carry `structured_output` (seed 002 §9). */
  jsonSchema?: unknown;
  /** `--include-partial-messages`: assistant texts also stream as the API's events. */
  partialMessages?: boolean | undefined;
  /** `--replay-user-messages`: user lines are echoed back when their turn starts. */
  replayUserMessages?: boolean | undefined;
  /** `--max-turns`: model calls one turn may make (undefined: no limit). */
  maxTurns?: number | undefined;
  /** `--max-budget-usd`: the session's spend after which turns end with the budget error (undefined: no limit). */
  maxBudgetUsd?: number | undefined;
  /** The pid the profile reports (seeded runs report a seeded one, so bytes stay identical). */
  pid: number;
  /** --allowedTools / --disallowedTools rules. */
  allowedTools?: readonly string[] | undefined;
  disallowedTools?: readonly string[] | undefined;
  /** The allowedTools rules the command line gave, by --allowedTools or --settings (the others came from settings files). */
  cliAllowedTools?: readonly string[] | undefined;
  /** Every allow / deny / ask rule the launch gave, with its source (undefined: allowedTools / disallowedTools as cliArg rules). */
  permissionRules?: readonly SourcedRule[] | undefined;
  /** Each settings source as read (get_settings: settings-view.ts). */
  settingsLayers?: readonly SettingsLayer[] | undefined;
  /** The settings' `hooks` (command hooks run for real where the profile runs them: command-hooks.ts). */
  settingsHooks?: unknown;
  /** `--permission-prompt-tool stdio`: Claude Code asks the host over stdio only then. */
  permissionPromptStdio?: boolean | undefined;
  /** --permission-prompt-tool naming a tool, not `stdio` (prompt-tool.ts). */
  permissionPromptTool?: string | undefined;
  /** Ends the run at once: `message` on stderr, exit 1 (set by the drop-in's serve loop; prompt-tool.ts). */
  fatal?: ((message: string) => void) | undefined;
  /** Every command-line flag given, with its value (the profile reads the ones it knows: --bare, --safe-mode, --tools, ...). */
  cliFlags?: CliFlags | undefined;
  /** Records protocol lifecycle facts (the journal): host request states, warnings. */
  trace?: ((event: string, data: Record<string, unknown>) => void) | undefined;
}

/** A queued turn: a user prompt, or a follow-up started by a task notification. */
export interface PendingTurn {
  prompt: string;
  /** The user message's content as sent (echoed by --replay-user-messages). */
  content?: unknown;
  origin: TurnOrigin;
  followupText?: string;
  /** The line arrived while the running turn's tool call waited on the host (a can_use_tool answer, a hook callback): fold.ts. */
  midTool?: boolean;
  /** A line of priority `now`: it runs first and alone, never batched with the lines queued behind it (stdin-priority.ts). */
  alone?: boolean;
}

/** A turn in flight: its timers (cancelled by interrupt) and counters. */
export interface ActiveTurn {
  stats: TurnStats;
  timers: Timer[];
  waiting: Set<TaskRun>;
  /** The model the turn started with: set_model while it runs changes the next turns only. */
  model: string;
  /** Events a prompt's hooks produced before the turn opened, written after its system/init (hook-call.ts). */
  afterInit?: EngineEvent[];
  onWorkflowsDone?: () => void;
  /** The turn ends with the scenario's `error` (events carry `apiError`). */
  apiError?: boolean;
  /** What the model has streamed while the turn waits for its reply (the scenario turn's `partial`): an interrupt writes it. */
  partial?: string;
  /** The turn's first reply frame is out (the client uuids ride on it only: commands.ts). */
  replied?: boolean;
  /** The turn's first model call is announced: its call_started event is out. */
  announced?: boolean;
  /** The --replay-user-messages echo, until the turn's first output is written (commands.ts takeEcho). */
  echo?: EngineEvent;
  /** The turn ends without its closing text written (behavior.unansweredTextFirstTurnOnly): its result carries its `_requestId`. */
  unwritten?: boolean;
  /** A client interrupt is going through (interrupt-soon.ts): how many more interrupts came meanwhile. */
  interrupting?: number;
  /** An interrupt came while a permission request held it (behavior.interruptAtPermission 'ignore'). */
  heldInterrupt?: boolean;
  /** A user line of priority `now` aborts the turn (stdin-priority.ts): no interrupted marker, a waiting call ends as aborted. */
  nowAbort?: boolean;
  /** cbc 2.117.0: an interrupt while the prompt's UserPromptSubmit hooks waited opened the turn (prompt-hooks.ts). */
  beforePrompt?: boolean;
  /**
   * cbc 2.117.0: the host answered a can_use_tool request, so the turn's run was resumed (requestIdDropsOnReentry); after a
   * refusal its result carries the run's last _requestId (capture opt_json_schema_stream_deny_fb).
   */
  resumed?: 'allow' | 'deny';
}

/**
 * What the turn steps need from their session: its options and profile, the running turn, the task
 * list, the host-request state, and the primitives to emit and schedule.
 */
export interface TurnHost {
  readonly o: SessionOptions;
  readonly p: Profile;
  /** The running turn (prompt-hooks.ts drops one a hook stopped). */
  active: ActiveTurn | undefined;
  readonly queue: PendingTurn[];
  readonly runs: TaskRun[];
  readonly host: HostRequests;
  /** Whether the last result the session wrote was an error (the exit code after EOF follows it). */
  lastResultError: boolean | undefined;
  /** Hook callback ids the host registered in `initialize` (issue #10). */
  readonly hooks: unknown;
  hostSeq: number;
  /** SDK MCP servers the host registered in `initialize` (or mcp_set_servers), and those already initialized (mcp.ts counts their JSON-RPC ids). */
  readonly sdkMcpServers: Set<string>;
  readonly mcpReady: Set<string>;
  /** The servers system/init and mcp_status list (mcp-servers.ts). */
  readonly mcpServers: McpServerInfo[];
  permissionMode: string;
  /** The session's permission rules and directories, with their sources; a host's updatedPermissions change them (rule-book.ts). */
  readonly rules: RuleBook;
  readonly model: string;
  /** The session served (a cbc prompt hook's continue:false moves the process to a new one). */
  sessionId: string;
  /** Messages of the conversation (TurnStats.messages; a new session counts from 0). */
  messages: number;
  /** Where the CLI keeps this session's transcript (Claude derives a workflow run's folders from it). */
  readonly transcriptPath: string;
  emit(ev: EngineEvent): void;
  /** Schedules `fn` `delay` virtual ms from now as part of the running turn (cancelled by an interrupt). */
  at(delay: number, fn: () => void): void;
  /** Counts one model call of the running turn. */
  count(t: ActiveTurn): void;
  /** One assistant text message of the running turn, then `next`. */
  say(text: string, messageId: string, next: () => void): void;
  endTurn(ok: boolean, text: string, errors: string[], interrupted?: boolean, structured?: { value: unknown }, maxTurns?: number, budget?: ResultBudget): void;
  /** Model tokens of the session so far (--max-budget-usd). */
  readonly spent: { inputTokens: number; outputTokens: number };
  /** --max-turns: true (and the turn ended with the CLI's max-turns error) when the turn may not call the model again. */
  atTurnLimit(): boolean;
  interrupt(reason: string): void;
  pump(): void;
  /** Wakes whoever waits for a queued prompt to be taken (fold.ts takes them into the running turn). */
  dequeued(): void;
  writeOutput(file: string, text: string): void;
}
