import { interpolate } from '../scenario/match.js';
import type { TurnT } from '../scenario/schema.js';
import { askTool, completeTurn } from './asks.js';
import { foldQueued } from './fold.js';
import { launchBackground, launchWorkflow } from './launch.js';
import { turnLimitApplies } from './limits.js';
import { modelFallback } from './model-fallback.js';
import { structuredTurn, unstructuredEnd } from './structured.js';
import { MODEL_LATENCY, type TurnHost } from './turn-host.js';

/*
 * Playing one scenario turn on the virtual clock: the reply, the asks, the workflows and background
 * tasks it starts, and its result (seed 000 §5, seed 002 §8-9, issue #10).
 */

/** One step of a turn; it calls `next` when the following step may be scheduled. */
type Step = (next: () => void) => void;

/** Plays the scenario turn chosen for `prompt`; its first message carries `firstMessageId`. */
export function playTurn(s: TurnHost, turn: TurnT, prompt: string, firstMessageId: string): void {
  const vars = { prompt, session_id: s.sessionId };
  const reply = turn.reply !== undefined ? interpolate(turn.reply, vars) : undefined;
  const workflows = turn.workflows ?? (turn.workflow ? [turn.workflow] : []);
  const background = turn.background ?? [];
  const asks = turn.ask === undefined ? [] : Array.isArray(turn.ask) ? turn.ask : [turn.ask];
  const names = workflows.map((w) => w.name ?? w.description ?? 'workflow').join('", "');
  const fallback =
    workflows.length > 0 ? `Started the workflow "${names}" in the background.` : background.length > 0 ? `Started ${background.length} background task${background.length === 1 ? '' : 's'}.` : '';
  const resultText = turn.result !== undefined ? interpolate(turn.result, vars) : reply ?? fallback;
  const first = turn.delay ?? MODEL_LATENCY;

  // --max-turns below 1 (a profile that reads it so: maxTurnsValue) refuses the turn's first model call too
  if ((s.o.maxTurns ?? 1) < 1 && turnLimitApplies(s)) return s.at(first, () => void s.atTurnLimit());
  if (turn.error !== undefined) return failTurn(s, interpolate(turn.error, vars), reply, first, firstMessageId);
  // --json-schema: the turn's closing text leads to the CLI's reminder or re-prompts (structured.ts)
  const textEnd = unstructuredEnd(s, turn, reply !== undefined || turn.result !== undefined);
  if (s.o.jsonSchema !== undefined && !textEnd) return structuredTurn(s, turn, first, firstMessageId);
  if (workflows.length === 0 && background.length === 0 && asks.length === 0) {
    if (s.active && turn.partial !== undefined) s.active.partial = interpolate(turn.partial, vars);
    const said = reply ?? resultText;
    s.at(first, () => (textEnd ? textEnd(said, firstMessageId) : s.say(said, firstMessageId, () => completeTurn(s, resultText))));
    return;
  }
  if (workflows.length > 0 && s.o.disableWorkflows && background.length === 0) {
    const text = 'Workflows are disabled in this session (CODEBUDDY_DISABLE_WORKFLOWS=1 or disableWorkflows: true), so the workflow was not started.';
    s.at(first, () => s.say(text, firstMessageId, () => s.endTurn(true, text, [])));
    return;
  }
  // the first step reuses the preamble's message id; every later step draws a fresh one
  let messageId = firstMessageId;
  let used = false;
  const nextId = () => {
    if (used) messageId = s.p.ids.messageId(s.o.rng);
    used = true;
    return messageId;
  };
  const steps: Step[] = [];
  if (reply !== undefined) steps.push((next) => s.say(reply, nextId(), next));
  const firstTool = steps.length;
  for (const ask of asks) steps.push((next) => askTool(s, ask, nextId(), next));
  if (!s.o.disableWorkflows) for (const wf of workflows) steps.push((next) => launchWorkflow(s, wf, nextId(), next));
  for (const bg of background) steps.push((next) => launchBackground(s, bg, nextId(), next));
  steps.push((next) => (textEnd ? textEnd(resultText, nextId()) : s.say(resultText, nextId(), next)));
  // every step is one model call; after the first, --max-turns may refuse it; a call after a tool call takes the queued prompts
  const run = (i: number) => {
    const step = steps[i];
    if (!step) return completeTurn(s, resultText);
    s.at(i === 0 ? first : MODEL_LATENCY, () => {
      const go = () => void ((i === 0 || !s.atTurnLimit()) && step(() => run(i + 1)));
      if (i > firstTool) foldQueued(s, go);
      else go();
    });
  };
  run(0);
}

/**
 * A turn whose model call fails with `shown` (the scenario's `error`): the error text as the turn's assistant text
 * (or the scenario's reply), then the error result. The profile may word the error its own way (behavior.apiErrorText)
 * and write it for the process's first turn only (behavior.unansweredTextFirstTurnOnly).
 */
function failTurn(s: TurnHost, shown: string, reply: string | undefined, first: number, firstMessageId: string): void {
  const t = s.active;
  if (!t) return;
  const b = s.p.behavior;
  const err = b.apiErrorText ? b.apiErrorText(shown, s.o.rng.hex(32), s.sessionId) : shown;
  if (reply === undefined) t.apiError = true;
  const written = reply !== undefined || b.unansweredTextFirstTurnOnly !== true || t.stats.resultIndex === 0;
  t.unwritten = !written;
  const end = () => s.endTurn(false, '', [err]);
  const fallback = modelFallback(s, shown);
  s.at(first, () => {
    if (fallback) s.emit(fallback);
    return written ? s.say(reply ?? err, firstMessageId, end) : (s.count(t), end());
  });
}
