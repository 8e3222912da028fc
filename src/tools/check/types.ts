import type { ProfileName } from '../../protocol/vocabulary.js';

/** One broken promise: which rule, on which line, and why. */
export interface Violation {
  rule: string;
  /** 1-based line of the offending frame (journal line when checking a journal). */
  line: number;
  message: string;
}

/** Options of the temporal rules. */
export interface RuleOptions {
  /** Grace window (ms) in which late rows may follow a stopped notification (seed 000 §6; default 5000). */
  graceMs?: number;
}

/** Options of a whole check (rules + schema). */
export interface CheckOptions extends RuleOptions {
  /** Profile whose schema and relaxations apply; `auto` (default) guesses from the frames. */
  profile?: ProfileName | 'auto';
  /** Also report keys a frame schema does not declare (`frame.schema.keys`); off by default (seed 000 §8 tolerance). */
  strictKeys?: boolean;
}

/** A frame as parsed from one line. */
export type Frame = Record<string, any>;

/** What the checker knows about one task before the current frame is applied (shared by the task rules). */
export interface TaskView {
  startedLine: number;
  /** Last patch.status seen in a task_updated. */
  status?: string;
  terminalUpdateLine?: number;
  terminalStatus?: string;
  endTime?: number;
  notifiedLine?: number;
  notifyStatus?: string;
  /** Agent index -> last state seen. */
  agents: Map<number, string>;
  /** Agent indexes seen in a terminal state at least once. */
  terminalSeen: Set<number>;
  /** Agent indexes that were served from cache. */
  cached: Set<number>;
  /** `type:index` of every timeline row seen so far (snapshot replacement, seed 000 §6). */
  rowKeys: Set<string>;
}

/** What a rule instance can see and do. */
export interface RuleContext {
  profile: ProfileName;
  graceMs: number;
  strictKeys: boolean;
  /** Whether the input is a two-way journal (inbound frames are visible). */
  journal: boolean;
  report(line: number, message: string): void;
}

/** The hooks of one rule over one input; all optional. */
export interface RuleInstance {
  /** A physical stdout line (transcripts only); `terminated` is false for a last line without `\n`. */
  raw?(text: string, line: number, terminated: boolean): void;
  /** A frame the CLI wrote; `task` is the task's state before this frame (undefined if unknown). */
  out?(frame: Frame, line: number, task: TaskView | undefined): void;
  /** A frame the consumer wrote (journals only). */
  in?(frame: Frame, line: number): void;
  /** End of input; `tasks` holds every task's final state. */
  end?(tasks: ReadonlyMap<string, TaskView>): void;
}

/** One rule module: its id, where the promise comes from, what it checks, and per-profile relaxations. */
export interface Rule {
  id: string;
  /** Seed section or capture the rule comes from. */
  source: string;
  /** One line: what the rule checks. */
  summary: string;
  /** Profiles where the rule is off, each with the capture that shows the real CLI doing otherwise. */
  relaxed?: Partial<Record<ProfileName, string>>;
  /** Only active with `strictKeys`. */
  strictOnly?: boolean;
  create(ctx: RuleContext): RuleInstance;
}

/** Agent states that end an agent (seed 000 §5.2). */
export const TERMINAL_AGENT = new Set(['done', 'error', 'cached']);
/** Task statuses that end a task (seed 000 §5.3 + `stopped`). */
export const TERMINAL_TASK = new Set(['completed', 'failed', 'killed', 'stopped']);

/** The task_* subtypes of the task/workflow event family. */
export function taskSubtype(f: Frame): string | undefined {
  return f['type'] === 'system' && typeof f['task_id'] === 'string' && typeof f['subtype'] === 'string' && f['subtype'].startsWith('task_')
    ? f['subtype']
    : undefined;
}

/** workflow_agent rows of a task_progress frame (other row types are tolerated, seed 000 §8). */
export function agentRows(f: Frame): Frame[] {
  const rows = f['workflow_progress'];
  return Array.isArray(rows) ? rows.filter((r) => r && r['type'] === 'workflow_agent' && typeof r['index'] === 'number') : [];
}
