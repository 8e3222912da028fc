import type { Obj } from '../protocol/shape.js';
import type { EngineEvent } from './events.js';

/**
 * The order of a streamed tool call's last stream events around its permission request: the CLI asks the host
 * while the model's stream still ends, so the call's last `keep` frames (profile behavior.askInsideToolStream)
 * follow the can_use_tool request; any other next event writes them first (captures req_can_use_tool_allow_partial_h4).
 */
export class StreamTail {
  private held: Obj[] = [];

  constructor(
    private readonly keep: number,
    private readonly streaming: boolean,
  ) {}

  /** The frames to write now for `ev`, encoded as `frames`. */
  order(ev: EngineEvent, frames: readonly Obj[]): Obj[] {
    const held = this.held;
    this.held = [];
    if (ev.kind === 'host_request' && ev.request.subtype === 'can_use_tool') return [...frames, ...held];
    const out = [...held, ...frames];
    if (ev.kind === 'assistant_tool_use' && this.streaming && this.keep > 0) this.held = out.splice(Math.max(held.length, out.length - this.keep));
    return out;
  }
}
