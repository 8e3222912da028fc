import { interpolate } from '../scenario/match.js';
import type { TurnT } from '../scenario/schema.js';
import { askTool, completeTurn } from './asks.js';
import { foldQueued } from './fold.js';
import { checkJsonSchema } from './json-schema.js';
import { launchBackground, launchWorkflow } from './launch.js';
import { turnLimitApplies } from './limits.js';
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
  const answered = reply !== undefined || turn.result !== undefined;
  const retries = s.o.jsonSchema !== undefined ? textRetries(s, turn, answered) : 0;
  if (s.o.jsonSchema !== undefined && retries === 0) return structuredTurn(s, turn, first, firstMessageId, reply ?? resultText);
  // --json-schema and a turn that answers with text: the turn plays as it is, then the CLI re-prompts the model
  const finish = retries > 0 ? (text: string) => textNotStructured(s, text, retries, vars) : (text: string) => completeTurn(s, text);
  if (workflows.length === 0 && background.length === 0 && asks.length === 0) {
    if (s.active && turn.partial !== undefined) s.active.partial = interpolate(turn.partial, vars);
    const said = reply ?? resultText;
    s.at(first, () => s.say(said, firstMessageId, () => finish(retries > 0 ? said : resultText)));
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
  steps.push((next) => s.say(resultText, nextId(), next));
  // every step is one model call; after the first, --max-turns may refuse it; a call after a tool call takes the queued prompts
  const run = (i: number) => {
    const step = steps[i];
    if (!step) return finish(resultText);
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
  s.at(first, () => (written ? s.say(reply ?? err, firstMessageId, end) : (s.count(t), end())));
}

/** How often the CLI re-prompts a turn that answers --json-schema with text (0: it does not; structuredTurn plays it). */
function textRetries(s: TurnHost, turn: TurnT, answered: boolean): number {
  const retries = s.p.behavior.structuredOutputRetries;
  const plain = turn.structured_output === undefined && s.p.behavior.schemaEnforcement === undefined && answered;
  return plain && retries !== undefined && retries > 0 ? retries : 0;
}

/** seed 002 §9: with --json-schema the result carries structured_output; the scenario turn supplies it. */
/** `said`: the model's text answer. */
function structuredTurn(s: TurnHost, turn: TurnT, first: number, firstMessageId: string, said: string): void {
  const remind = s.p.behavior.schemaEnforcement;
  if (turn.structured_output === undefined && remind !== undefined) {
    // the model answered without calling StructuredOutput: the CLI reminds it once, it answers again, the turn succeeds
    s.at(first, () =>
      s.say(said, firstMessageId, () => {
        s.emit({ kind: 'synthetic_user', text: remind });
        s.at(MODEL_LATENCY, () => s.say(said, s.p.ids.messageId(s.o.rng), () => completeTurn(s, said)));
      }),
    );
    return;
  }
  const check = turn.structured_output === undefined ? { ok: false as const, problems: ['the scenario turn has no structured_output'] } : checkJsonSchema(s.o.jsonSchema, turn.structured_output);
  if (!check.ok) {
    const msg =
      'schemaError' in check
        ? `cbc-emu: --json-schema is not a usable JSON Schema: ${check.schemaError}. Fix the schema the host passes.`
        : `cbc-emu: scenario turn ${s.o.scenario.turns.indexOf(turn) + 1} does not satisfy --json-schema: ${check.problems.join('; ')}. Fix the turn's structured_output in the scenario.`;
    s.o.log.error(msg);
    s.at(first, () => s.say(msg, firstMessageId, () => s.endTurn(false, '', [msg])));
    return;
  }
  const value = turn.structured_output;
  s.at(first, () => {
    const t = s.active;
    if (!t) return;
    s.count(t); // the StructuredOutput tool call is one more model call (cli.md §7: num_turns 2)
    s.say(JSON.stringify(value), firstMessageId, () => s.endTurn(true, JSON.stringify(value), [], false, { value }));
  });
}

/**
 * --json-schema, and the turn's model answered with text (after any tool calls): the CLI's stop hook asks the
 * model again `retries` times (each answer shown but the last), then ends the turn with a success result carrying
 * the turn's own answer and no structured_output (cbc 2.117.0: its result is the first run's last completed
 * message; captures opt_json_schema, num_turns 8 for 3 re-prompts, and opt_json_schema_tool_h6, where the tool
 * call's follow-up is the result and the re-prompts get the fake model's keyword-less answer). A re-prompt is a
 * prompt no scenario turn was written for: the scenario's fallback answers it when it has one, else the turn's text.
 */
function textNotStructured(s: TurnHost, text: string, retries: number, vars: Record<string, string>): void {
  const fb = s.o.scenario.fallback;
  const fbText = fb?.reply ?? fb?.result;
  const again = fbText !== undefined ? interpolate(fbText, vars) : text;
  // a run resumed after a host's can_use_tool answer streams its last answer too and ends with it (opt_json_schema_stream_ask_fb)
  const resumed = s.active?.resumed !== undefined;
  let left = retries;
  const reprompt = (): void => {
    left -= 1;
    const hidden = left === 0 && !resumed;
    s.emit({ kind: 'structured_reprompt', messages: hidden ? 2 : 1, last: left === 0 });
    if (hidden) s.at(MODEL_LATENCY, () => s.endTurn(true, text, []));
    else s.at(MODEL_LATENCY, () => s.say(again, s.p.ids.messageId(s.o.rng), left === 0 ? () => s.endTurn(true, again, []) : reprompt));
  };
  reprompt();
}
