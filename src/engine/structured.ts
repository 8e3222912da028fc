import { interpolate, matches } from '../scenario/match.js';
import type { TurnT } from '../scenario/schema.js';
import { completeTurn } from './asks.js';
import { checkJsonSchema } from './json-schema.js';
import { MODEL_LATENCY, type TurnHost } from './turn-host.js';

/*
 * --json-schema turns (seed 002 §9, issue #16): the StructuredOutput call a scenario turn's structured_output gives,
 * or, when the model ends its turn with text, the CLI's reminder (Claude) or re-prompts (cbc) and the model's answers
 * to them. The turn's other steps (tool calls, tasks) run before, as without a schema (capture opt_json_schema_tool_h6).
 */

/** Ends a turn with the model's closing text `text` in message `messageId`. */
export type TextEnd = (text: string, messageId: string) => void;

/**
 * How a --json-schema turn whose scenario turn gives no structured_output ends after its closing text, or undefined
 * when the turn must go through structuredTurn (a structured_output to check and call, or a profile that neither
 * reminds nor re-prompts: the emulator's own error).
 */
export function unstructuredEnd(s: TurnHost, turn: Pick<TurnT, 'structured_output'>, answered: boolean): TextEnd | undefined {
  if (s.o.jsonSchema === undefined || turn.structured_output !== undefined) return undefined;
  const b = s.p.behavior;
  const remind = b.schemaEnforcement;
  if (remind !== undefined) {
    // the model answered without calling StructuredOutput: the CLI reminds it once, it answers the reminder, the turn
    // succeeds with that answer (Claude: captures opt_json_schema, opt_json_schema_tool_h6)
    return (text, messageId) =>
      s.say(text, messageId, () => {
        s.emit({ kind: 'synthetic_user', text: remind });
        const again = answerTo(s, remind, text);
        s.at(MODEL_LATENCY, () => s.say(again, s.p.ids.messageId(s.o.rng), () => completeTurn(s, again)));
      });
  }
  const retries = b.structuredOutputRetries;
  if (retries === undefined || retries <= 0 || !answered) return undefined;
  const left = retries - (repromptsUsed.get(s)?.get(s.sessionId) ?? 0);
  // the session's re-prompts are spent: the turn ends with its text as without a schema (opt_json_schema_two_turns_stream_h8)
  if (left <= 0) return (text, messageId) => s.say(text, messageId, () => completeTurn(s, text));
  const feedback = (b.structuredOutputFeedback ?? '').replace('{schema}', JSON.stringify(s.o.jsonSchema, null, 2));
  return (text, messageId) => {
    const used = repromptsUsed.get(s) ?? new Map<string, number>();
    repromptsUsed.set(s, used.set(s.sessionId, retries));
    textNotStructured(s, text, answerTo(s, feedback, text), left, messageId);
  };
}

/**
 * The re-prompts each session of a process has made (cbc 2.117.0 keeps one StructuredOutputContext per session: its
 * retry count is never reset, so a later text turn of the same session is not re-prompted; capture
 * opt_json_schema_two_turns_stream_h8). A turn that re-prompts spends them all: the model never calls the tool.
 */
const repromptsUsed = new WeakMap<TurnHost, Map<string, number>>();

/**
 * The model's answer to a message the CLI writes itself (a reminder, a re-prompt): the reply of the scenario turn
 * whose `match` takes that text, else the scenario's fallback; with neither, the model says `said` again.
 */
function answerTo(s: TurnHost, prompt: string, said: string): string {
  const scenario = s.o.scenario;
  const turn = scenario.turns.find((t) => t.match !== undefined && matches(t.match, prompt)) ?? scenario.fallback;
  const text = turn?.reply ?? turn?.result;
  return text === undefined ? said : interpolate(text, { prompt, session_id: s.sessionId });
}

/**
 * --json-schema, and the model answers with text: the CLI asks it again `retries` times (each answer shown), and
 * ends the turn with a success result carrying the first answer, and no structured_output (measured on cbc 2.117.0:
 * capture opt_json_schema, num_turns 8 for 3 re-prompts; opt_json_schema_tool_h6, the result keeps the text the
 * turn closed with, the re-prompts' answers differ).
 */
function textNotStructured(s: TurnHost, text: string, again: string, retries: number, firstMessageId: string): void {
  // a run resumed after a host's can_use_tool answer shows its last answer too and ends with it (cbc 2.117.0:
  // opt_json_schema_stream_ask_fb; the session gives that re-prompt's result a new _requestId)
  const resumed = s.active?.resumed !== undefined;
  let left = retries;
  const reprompt = (): void => {
    left -= 1;
    const hidden = left === 0 && !resumed;
    // the answer the CLI keeps for the result only: streamed under partial messages, listed in a json output's history
    const shown = s.o.partialMessages === true || s.o.cliFlags?.get('output-format') === 'json';
    const streamedReply = hidden && shown ? { messageId: s.p.ids.messageId(s.o.rng), text: again } : undefined;
    s.emit({ kind: 'structured_reprompt', messages: hidden ? 2 : 1, last: left === 0, streamedReply });
    if (hidden) s.at(MODEL_LATENCY, () => s.endTurn(true, text, []));
    else s.at(MODEL_LATENCY, () => s.say(again, s.p.ids.messageId(s.o.rng), left === 0 ? () => s.endTurn(true, again, []) : reprompt));
  };
  s.say(text, firstMessageId, reprompt);
}

/** seed 002 §9: with --json-schema the result carries structured_output; the scenario turn supplies it. */
export function structuredTurn(s: TurnHost, turn: TurnT, first: number, firstMessageId: string): void {
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
