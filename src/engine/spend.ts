import { AgentStats } from './agent-stats.js';
import { MODEL_LATENCY } from './turn-host.js';
import type { EngineEvent, TurnStats } from './events.js';
import type { ModelSpend, SpendView, SpentToolCall } from './spend-view.js';

/** Tokens the scripted model is counted for per call (the capture harness's fake APIs report the same). */
/** Input tokens of one model call (the first call of a turn is reported on its own: result.first_request_input_tokens). */
export const CALL_INPUT_TOKENS = 100;
export const CALL_OUTPUT_TOKENS = 20;

/**
 * The session's running totals per model (issue #16: get_usage, get_session_cost and get_context_usage report
 * them): every model call is counted in its turn's stats and here, under the model the session had then.
 */
export class SessionSpend implements SpendView {
  readonly byModel = new Map<string, ModelSpend>();
  /** The user prompts and the assistant texts of the conversation so far (get_context_usage estimates their tokens). */
  readonly prompts: string[] = [];
  readonly replies: string[] = [];
  readonly toolCalls: SpentToolCall[] = [];
  /** The first call of each id in toolCalls (what a search from the start finds): a result's call in O(1), not O(calls so far) (#21). */
  private readonly callById = new Map<string, SpentToolCall>();
  readonly agents = new AgentStats();
  /** The conversation entries of the turns not yet stored (the store keeps them for cbc's replay at --resume). */
  private said: EngineEvent[] = [];
  /** The session's permission denials (a profile whose results list them session-wide shares this list across turns). */
  readonly denials: TurnStats['permissionDenials'] = [];

  /** `startedAt`: the session's start on the virtual clock (its wall duration counts from there). */
  constructor(readonly startedAt: number) {}

  /** Notes what an engine event adds to the conversation (the assistant's texts). */
  heard(ev: EngineEvent): void {
    this.agents.heard(ev);
    if (ev.kind === 'assistant_tool_use') {
      const call: SpentToolCall = { id: ev.toolUseId, name: ev.name, input: ev.input };
      this.toolCalls.push(call);
      if (!this.callById.has(call.id)) this.callById.set(call.id, call);
    }
    if (ev.kind === 'tool_result') {
      // a background launch's result too (get_context_usage counts it: ctl_get_context_usage_bg_task_fd)
      const call = this.callById.get(ev.toolUseId);
      if (call) call.result = { content: ev.content, isError: ev.isError };
    }
    if ((ev.kind === 'assistant_text' || ev.kind === 'assistant_stream') && ev.text !== '') this.replies.push(ev.text);
    if (ev.kind === 'assistant_tool_use' || ((ev.kind === 'assistant_stream' || (ev.kind === 'assistant_text' && ev.apiError !== true)) && ev.text !== '')) this.said.push(ev);
    else if (ev.kind === 'tool_result' && ev.task === undefined) this.said.push(ev);
  }

  /** A user prompt the session answers. */
  prompted(text: string): void {
    this.prompts.push(text);
    this.said.push({ kind: 'stored_prompt', text });
  }

  /** The conversation entries since the last call (a finished turn's, for the store). */
  takeSaid(): EngineEvent[] {
    const out = this.said;
    this.said = [];
    return out;
  }

  /** One model call of a turn; a `failed` one (the model API answered an error) costs the session nothing (ctl_get_session_cost_after_error_h4). */
  call(stats: TurnStats, model: string, failed = false): void {
    stats.numTurns += 1;
    stats.apiMs += MODEL_LATENCY;
    stats.inputTokens += CALL_INPUT_TOKENS;
    stats.outputTokens += CALL_OUTPUT_TOKENS;
    const mine = (stats.byModel ??= new Map<string, { input: number; output: number }>()).get(model) ?? { input: 0, output: 0 };
    stats.byModel.set(model, { input: mine.input + CALL_INPUT_TOKENS, output: mine.output + CALL_OUTPUT_TOKENS });
    if (failed) return;
    const m = this.byModel.get(model) ?? { requests: 0, inputTokens: 0, outputTokens: 0, apiMs: 0 };
    m.requests += 1;
    m.inputTokens += CALL_INPUT_TOKENS;
    m.outputTokens += CALL_OUTPUT_TOKENS;
    m.apiMs += MODEL_LATENCY;
    this.byModel.set(model, m);
  }
}
