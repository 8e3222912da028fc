import { nonEmpty, type RawFrame } from '../protocol/raw-frame.js';
import type { EngineEvent } from './events.js';
import type { ProfileBehavior } from './profile.js';

/** The part of the session set_model reads and changes. */
export interface ModelState {
  readonly sessionId: string;
  model: string;
  /** The model last named by the user (--model, the environment, set_model); undefined while none was. */
  modelChosen: string | undefined;
  emit(ev: EngineEvent): void;
}

/** Answers a set_model control request and switches the model of the next turns. */
export function setModel(s: ModelState, b: ProfileBehavior, requestId: string | undefined, request: RawFrame): void {
  const named = nonEmpty(request, 'model');
  const asGiven = b.setModelAsGiven;
  if (named === undefined && asGiven) {
    s.emit({ kind: 'control_error', requestId, subtype: 'set_model', reason: 'invalid', message: asGiven.emptyError });
    return;
  }
  const requested = named ?? 'default';
  const previous = s.model;
  const previousChosen = s.modelChosen;
  // cbc 2.117.0 sends the name to the model API as given, "default" included (capture ctl_set_model_default_then_turn)
  s.model = asGiven ? requested : b.resolveModel(requested);
  s.modelChosen = requested;
  s.emit({ kind: 'control_success', requestId, payload: { kind: 'set_model', model: s.model, requested, previous, previousChosen, sessionId: s.sessionId } });
}
