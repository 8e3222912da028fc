import type { EngineEvent } from './events.js';
import type { Random } from './random.js';
import type { ActiveTurn } from './turn-host.js';

/**
 * The request id a turn's frames carry (cbc 2.117.0's `_requestId`): one per turn; where the profile says
 * (behavior.requestIdDropsOnReentry) it drops after a --json-schema re-prompt or a run resumed after a host's answer,
 * and a fresh one marks what follows (captures opt_json_schema, opt_json_schema_cbc, opt_json_schema_stream_ask_fb).
 */
export class RequestIds {
  turn: string | undefined;
  /** The turn's, kept when `turn` drops (EncodeContext.streamRequestId: capture ses_partial_tool_allow_cbc). */
  stream: string | undefined;
  private resultFresh = false;

  constructor(
    private readonly drops: boolean,
    private readonly rng: Random,
  ) {}

  /** A turn starts (a blank turn has none). */
  start(blank: boolean): void {
    this.turn = this.stream = blank ? undefined : this.rng.hex(32);
  }

  /** `ev` as it goes out: the result after --json-schema re-prompts carries a new id. */
  before(ev: EngineEvent, active: ActiveTurn | undefined): EngineEvent {
    // each re-prompt is a model request of its own: its stream events carry its id, and the result the last one's
    // (cbc 2.117.0 under --include-partial-messages: capture opt_json_schema_partial_h7)
    if (ev.kind === 'structured_reprompt' && this.drops) [this.turn, this.stream, this.resultFresh] = [undefined, this.rng.hex(32), active?.resumed === undefined];
    if (ev.kind !== 'result' || !this.resultFresh) return ev;
    this.resultFresh = false;
    return { ...ev, requestId: this.stream };
  }

  /** After `ev` went out: a resumed run's last re-prompt answer takes a new id; a tool result after a host's answer drops it. */
  after(ev: EngineEvent, active: ActiveTurn | undefined): void {
    if (!this.drops) return;
    if (ev.kind === 'structured_reprompt' && ev.last === true && active?.resumed !== undefined) this.turn = this.stream;
    if (ev.kind === 'tool_result' && (active?.resumed !== undefined || ev.deniedBy === 'host' || ev.deniedBy === 'failed')) {
      this.turn = undefined;
      if (active) active.resumed = ev.deniedBy !== undefined ? 'deny' : 'allow';
    }
  }
}
