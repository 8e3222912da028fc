import { isRawFrame, str, type RawFrame } from '../../protocol/raw-frame.js';
import { TaskStates } from '../../protocol/task-state.js';
import type { ProfileName } from '../../protocol/vocabulary.js';
import { detectProfile } from './detect.js';
import { RULES } from './rules/index.js';
import { taskSubtype, type CheckOptions, type RuleInstance, type Violation } from './types.js';

/** What a finished check saw. */
export interface CheckSummary {
  /** Profile whose schema and relaxations were applied. */
  profile: ProfileName;
  /** How the profile was chosen. */
  profileSource: 'given' | 'detected' | 'default';
  /** `transcript` (stdout bytes) or `journal` (two-way `--emu-journal` file). */
  input: 'transcript' | 'journal';
  lines: number;
  frames: number;
  violations: number;
  /** No frame at all (an empty input, or lines none of which is a JSON object): nothing was checked (exit 2). */
  unusable: boolean;
  /**
   * The stream was cut off before the CLI ended it (`partial` given; a journal whose emulator was
   * signalled, lost its stdout, or never logged its exit): the end-of-stream rules were skipped.
   */
  partial: boolean;
}

type Pending = { kind: 'raw'; text: string; line: number; terminated: boolean; json: boolean } | { kind: 'out' | 'in'; frame: RawFrame; line: number };

/** Until the profile is known, lines wait in a buffer bounded by these (then the default profile applies). */
const MAX_PENDING_LINES = 2000;
const MAX_PENDING_BYTES = 8 * 1024 * 1024;

/** The line's JSON value, or undefined when it is not JSON (rules get the answer: no rule parses a line again). */
const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * The streaming checker: feed it lines one by one (`line`), then `end()`. It keeps per-task state and a
 * bounded profile-detection buffer only, so any input size is checked in constant memory (issue #6).
 * Violations go to `onViolation` as soon as they are known.
 */
export class Checker {
  private profile: ProfileName | undefined;
  private profileSource: CheckSummary['profileSource'] = 'given';
  private mode: 'transcript' | 'journal' | undefined;
  private instances: RuleInstance[] = [];
  /** Per-task state only (never the transcript): memory grows with the number of tasks, not of frames. */
  private readonly tasks = new TaskStates({ startedOnly: true, forgetFinishedRows: true });
  private pending: Pending[] = [];
  private pendingBytes = 0;
  private n = 0;
  private frames = 0;
  private violations = 0;
  /** Journal lifecycle: an `exit` entry was seen; the run was cut off (signal, stdout failure). */
  private exited = false;
  private cut = false;

  constructor(
    private readonly opts: CheckOptions,
    private readonly onViolation: (v: Violation) => void,
  ) {
    if (opts.profile !== undefined && opts.profile !== 'auto') this.profile = opts.profile;
  }

  /** Feeds one physical line (without its `\n`); `terminated` is false only for a last line lacking `\n`. */
  line(text: string, terminated = true): void {
    const line = ++this.n;
    const v = parse(text);
    if (this.mode === undefined && text.trim() !== '') {
      this.mode = isRawFrame(v) && typeof v['seq'] === 'number' && (v['dir'] === 'in' || v['dir'] === 'out' || v['dir'] === 'meta') ? 'journal' : 'transcript';
    }
    if (this.mode === 'journal') {
      if (!isRawFrame(v)) {
        if (text.trim() !== '') this.queue({ kind: 'raw', text, line, terminated, json: v !== undefined });
        return;
      }
      const dir = v['dir'];
      if ((dir === 'out' || dir === 'in') && isRawFrame(v['frame'])) this.frame(v['frame'], line, dir);
      else if (dir === 'meta') this.lifecycle(v['event']);
      return;
    }
    this.queue({ kind: 'raw', text, line, terminated, json: v !== undefined });
    if (isRawFrame(v)) this.frame(v, line, 'out');
  }

  /** Feeds one already parsed frame (library use: `checkFrames`). */
  frame(frame: RawFrame, line: number, dir: 'in' | 'out' = 'out'): void {
    if (line > this.n) this.n = line;
    this.frames++;
    if (this.profile === undefined && dir === 'out') {
      const p = detectProfile(frame);
      if (p) {
        this.profile = p;
        this.profileSource = 'detected';
      }
    }
    this.queue({ kind: dir, frame, line });
  }

  /** Ends the input: runs end-of-stream rules (unless the stream was cut off) and returns the summary. */
  end(): CheckSummary {
    const unusable = this.frames === 0;
    const partial = this.opts.partial === true || (this.mode === 'journal' && (this.cut || !this.exited));
    if (!unusable) {
      this.start();
      if (!partial) for (const r of this.instances) r.end?.(this.tasks.all);
    }
    return {
      profile: this.profile ?? 'cbc',
      profileSource: this.profileSource,
      input: this.mode ?? 'transcript',
      lines: this.n,
      frames: this.frames,
      violations: this.violations,
      unusable,
      partial,
    };
  }

  /** A journal's lifecycle entry (src/dropin/serve.ts): how the emulator's run ended. */
  private lifecycle(event: unknown): void {
    if (event === 'exit') this.exited = true;
    else if (event === 'signal' || event === 'stdout-failed') this.cut = true;
  }

  private queue(p: Pending): void {
    if (this.profile !== undefined && this.instances.length > 0) return this.run(p);
    this.pending.push(p);
    this.pendingBytes += p.kind === 'raw' ? p.text.length : 0;
    if (this.profile !== undefined || this.pending.length > MAX_PENDING_LINES || this.pendingBytes > MAX_PENDING_BYTES) {
      if (this.frames > 0) this.start();
    }
  }

  /** Fixes the profile, creates the rule instances and drains the detection buffer. */
  private start(): void {
    if (this.instances.length > 0) return;
    if (this.profile === undefined) {
      this.profile = 'cbc';
      this.profileSource = 'default';
    }
    const ctx = {
      profile: this.profile,
      graceMs: this.opts.graceMs ?? 5000,
      strictKeys: this.opts.strictKeys === true,
      journal: this.mode === 'journal',
    };
    for (const rule of RULES) {
      if (rule.relaxed?.[this.profile] !== undefined) continue;
      if (rule.strictOnly && !ctx.strictKeys) continue;
      this.instances.push(
        rule.create({
          ...ctx,
          report: (line, message) => {
            this.violations++;
            this.onViolation({ rule: rule.id, line, message });
          },
        }),
      );
    }
    const queued = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    for (const p of queued) this.run(p);
  }

  private run(p: Pending): void {
    if (p.kind === 'raw') {
      for (const r of this.instances) r.raw?.(p.text, p.line, p.terminated, p.json);
    } else if (p.kind === 'in') {
      for (const r of this.instances) r.in?.(p.frame, p.line);
    } else {
      // the rules see the task's state before the frame
      const id = taskSubtype(p.frame) ? str(p.frame, 'task_id') : undefined;
      const task = id !== undefined ? this.tasks.get(id) : undefined;
      for (const r of this.instances) r.out?.(p.frame, p.line, task);
      this.tasks.apply(p.frame, p.line);
    }
  }
}
