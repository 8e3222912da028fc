import type { RawFrame } from '../../protocol/raw-frame.js';
import type { TaskState } from '../../protocol/task-state.js';
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
  /**
   * The transcript was cut off before the CLI ended it (killed, or its reader went away): skip the
   * end-of-stream rules (a turn left open, a task never ended). A journal tells this itself.
   */
  partial?: boolean;
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
  /** A physical stdout line (transcripts only); `terminated` is false for a last line without `\n`; `json`: the line parses as JSON. */
  raw?(text: string, line: number, terminated: boolean, json: boolean): void;
  /** A frame the CLI wrote; `task` is the task's state before this frame (undefined if unknown). */
  out?(frame: RawFrame, line: number, task: TaskState | undefined): void;
  /** A frame the consumer wrote (journals only). */
  in?(frame: RawFrame, line: number): void;
  /** End of input; `tasks` holds every task's final state. */
  end?(tasks: ReadonlyMap<string, TaskState>): void;
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

/**
 * The task_* subtype of a frame of a task (unknown task_* subtypes included: a rule may still place them
 * against the task's start), or undefined.
 */
export function taskSubtype(f: RawFrame): string | undefined {
  const sub = f['subtype'];
  return f['type'] === 'system' && typeof f['task_id'] === 'string' && typeof sub === 'string' && sub.startsWith('task_') ? sub : undefined;
}

/** `type` or `type/subtype` of a frame, for messages. */
export function frameName(f: RawFrame): string {
  const sub = f['subtype'];
  return `${String(f['type'])}${sub ? `/${typeof sub === 'string' ? sub : JSON.stringify(sub)}` : ''}`;
}
