import type { Obj } from '../protocol/shape.js';
import type { TaskKind } from '../protocol/vocabulary.js';
import type { EngineEvent } from './events.js';
import type { StreamRules } from './output-rules.js';

/** Launches that start and return at once (no process to spawn): their frames come while the stream still ends. */
const QUICK_LAUNCHES: ReadonlySet<TaskKind> = new Set(['agent', 'workflow']);

/** Whether `ev` announces the start of a task a quick launch runs (its task list, then its task_started). */
function quickStart(ev: EngineEvent): boolean {
  if (ev.kind === 'task_started') return QUICK_LAUNCHES.has(ev.task.kind);
  return ev.kind === 'bg_tasks_changed' && ev.at === 'start' && QUICK_LAUNCHES.has(ev.tasks.at(-1)?.kind ?? 'bash');
}

/**
 * The order of a streamed tool call's last stream events: Claude Code starts a tool as soon as its tool_use block is
 * complete (streaming tool execution), while the model's stream still ends. So the call's permission request comes
 * before its last `askInsideToolStream` frames (captures req_can_use_tool_allow_partial_h4), and a launch that
 * returns at once (a background agent or workflow) writes its task frames before the last `launchInsideToolStream`
 * frames, then one of them, then its tool result, then the rest (captures ses_partial_bg_slow_agent_h8,
 * ses_partial_workflow_slow_fx); a shell's spawn takes longer, so its frames come after message_stop
 * (ses_partial_bg_bash_h7). Any other next event writes the held frames first.
 */
export class StreamTail {
  private held: Obj[] = [];
  private launched = false;

  constructor(
    private readonly rules: StreamRules,
    private readonly streaming: boolean,
  ) {}

  /** The frames to write now for `ev`, encoded as `frames`. */
  order(ev: EngineEvent, frames: readonly Obj[]): Obj[] {
    const held = this.held;
    if (ev.kind === 'host_request' && ev.request.subtype === 'can_use_tool' && !this.launched) {
      const cut = Math.max(0, held.length - (this.rules.askInsideToolStream ?? 0));
      return this.flush([...held.slice(0, cut), ...frames, ...held.slice(cut)]);
    }
    if (quickStart(ev) && held.length > 0) {
      const first = this.launched ? [] : held.slice(0, Math.max(0, held.length - (this.rules.launchInsideToolStream ?? 0)));
      this.held = held.slice(first.length);
      this.launched = true;
      return [...first, ...frames];
    }
    if (this.launched) return this.flush([...held.slice(0, 1), ...frames, ...held.slice(1)]);
    const out = [...held, ...frames];
    this.held = [];
    if (ev.kind === 'assistant_tool_use' && this.streaming) this.held = out.splice(Math.max(held.length, out.length - this.keep()));
    return out;
  }

  /** How many frames of a streamed tool call wait for what the call does first. */
  private keep(): number {
    return Math.max(this.rules.askInsideToolStream ?? 0, this.rules.launchInsideToolStream ?? 0);
  }

  /** `out`, with nothing held any more. */
  private flush(out: Obj[]): Obj[] {
    this.held = [];
    this.launched = false;
    return out;
  }
}
