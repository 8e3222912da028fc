import type { EngineEvent } from './events.js';
import type { TurnHost } from './turn-host.js';

/**
 * --fallback-model (issue #16): a turn's model call failed with `error` (the scenario turn's `error`); the notice the
 * CLI writes when it tries again on the fallback model, or undefined when it does not (no --fallback-model, a profile
 * that never switches, an error its retry loop does not switch on). The scenario's model answers by prompt, not by
 * model, so the call on the fallback model fails alike and the turn ends with the same error
 * (capture opt_fallback_model_api_error_h6).
 */
export function modelFallback(s: TurnHost, error: string): EngineEvent | undefined {
  const b = s.p.behavior;
  const named = s.o.cliFlags?.get('fallback-model');
  if (b.modelFallbackTrigger === undefined || typeof named !== 'string' || named === '') return undefined;
  const original = s.active?.model ?? s.model;
  const fallback = b.resolveModel(named);
  const why = b.modelFallbackTrigger(error, original, fallback);
  return why === undefined ? undefined : { kind: 'model_fallback', trigger: why, original, fallback, error };
}
