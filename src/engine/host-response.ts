import { shapeOf, str, type RawFrame } from '../protocol/raw-frame.js';
import type { TurnHost } from './turn-host.js';

/**
 * A control_response from the host: the answer to one of our requests (issue #10). Under --replay-user-messages Claude
 * Code writes the line back first, as it does the user's (behavior.replaysHostResponses; measured on both versions:
 * req_can_use_tool_allow_replay_h7).
 */
export function answerHost(s: TurnHost, response: RawFrame): void {
  if (s.o.replayUserMessages === true && s.p.behavior.replaysHostResponses === true) s.emit({ kind: 'host_response_echo', response });
  const id = str(response, 'request_id');
  if (id === undefined) return s.o.log.info({ response: shapeOf(response) }, 'ignoring a control_response without request_id');
  s.host.answer(id, response);
}
