import { dirname } from 'node:path';
import type { EngineEvent } from '../../engine/events.js';
import type { EncodeContext, Profile } from '../../engine/profile.js';
import { build } from '../../protocol/frames/index.js';
import { JSON_DOCUMENT } from '../../protocol/frames/result.js';
import type { Encoded } from '../shared/encoders.js';
import { dataFile, profileData } from '../data.js';

/*
 * cbc 2.117.0 under --output-format json (issue #16; read from its JsonView: `toSerializableArray`): every request's
 * answer is the session's whole history, pretty-printed as one JSON array, then its result object. The history holds
 * the prompt's user message (the auto-memory reminder naming the session's project folder, the codebuddyMd reminder,
 * the prompt in <user_query>), a file-history snapshot per model call, each assistant message with its provider
 * metadata; the CLI's own re-prompts (--json-schema) are hidden, their snapshots and answers are not (captures p_json,
 * ses_json_schema, ses_stream_in_json_out_h7). Turns with tool calls add function-call items the emulator does not
 * write (not captured).
 */

interface HistoryText {
  memoryPrompt: string;
  codebuddyMd: string;
}
let text: HistoryText | undefined;
/** The captured reminder texts (data/cbc-history.json), read on first use: only a json output needs them. */
const texts = (): HistoryText => (text ??= dataFile('cbc-history') as HistoryText);

/** One session's history so far and the message the next answer replies to. */
interface History {
  items: unknown[];
  parentId: string;
}
const histories = new WeakMap<object, History>();

/** Whether the CLI prints its history (--output-format json). */
const jsonOut = (ctx: EncodeContext): boolean => ctx.cliFlags?.get('output-format') === 'json';

/** Auto memory is on unless CODEBUDDY_DISABLE_AUTO_MEMORY is "1" or "true" (its isAutoMemoryEnabled). */
const memoryOn = (ctx: EncodeContext): boolean => !['1', 'true'].includes(ctx.env['CODEBUDDY_DISABLE_AUTO_MEMORY'] ?? '');

/** The display name of a model (the product configuration's list), else its id. */
function modelName(model: string): string {
  const listed = (profileData('cbc').initializeResponse['models'] ?? []) as Array<{ id?: unknown; name?: unknown }>;
  const m = listed.find((x) => x.id === model);
  return typeof m?.name === 'string' ? m.name : model;
}

function snapshot(ctx: EncodeContext, messageId: string): Record<string, unknown> {
  return { type: 'file-history-snapshot', id: ctx.rng.uuid(), timestamp: ctx.now, isSnapshotUpdate: false, snapshot: { messageId, trackedFileBackups: {} } };
}

function userMessage(ctx: EncodeContext, prompt: string, first: boolean): Record<string, unknown> {
  const t = texts();
  const reminders = first ? [...(memoryOn(ctx) ? [t.memoryPrompt.split('{projectDir}').join(dirname(ctx.transcriptPath))] : []), t.codebuddyMd] : [];
  const content = [...reminders, `<user_query>${prompt}</user_query>`].map((s) => ({ type: 'input_text', text: s }));
  const id = ctx.rng.uuid();
  // -p puts the id before the timestamp, stream-json input after it (measured: p_json, ses_stream_in_json_out_h7)
  const streamIn = ctx.cliFlags?.get('input-format') === 'stream-json';
  const stamp = streamIn ? { timestamp: ctx.now, id } : { id, timestamp: ctx.now };
  return { type: 'message', role: 'user', content, providerData: { agent: 'cli' }, ...stamp, sessionId: ctx.sessionId };
}

function assistantMessage(ctx: EncodeContext, id: string, body: string, parentId: string): Record<string, unknown> {
  const usage = { requests: 1, inputTokens: 100, outputTokens: 20, totalTokens: 120, inputTokensDetails: [{ cached_tokens: 0 }], outputTokensDetails: [{ reasoning_tokens: 0 }] };
  const providerData = {
    messageId: ctx.rng.hex(32),
    model: ctx.model,
    requestModelId: ctx.model,
    requestModelName: modelName(ctx.model),
    traceId: ctx.rng.hex(32),
    conversationRequestId: ctx.rng.hex(32),
    rawUsage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
    agent: 'cli',
    usage,
  };
  const content = [{ providerData: { annotations: [] }, type: 'output_text', text: body }];
  return { id, type: 'message', role: 'assistant', status: 'completed', content, timestamp: ctx.now, providerData, sessionId: ctx.sessionId, parentId };
}

/** Records `ev` in the session's history where it belongs there; the result's frames become the history document. */
function record(ev: EngineEvent, ctx: EncodeContext, frames: Encoded): Encoded {
  let h = histories.get(ctx.rng);
  if (h === undefined) histories.set(ctx.rng, (h = { items: [], parentId: '' }));
  switch (ev.kind) {
    case 'turn_preamble': {
      const user = userMessage(ctx, ev.prompt ?? '', h.items.length === 0);
      h.parentId = String(user['id']);
      h.items.push(user, snapshot(ctx, h.parentId));
      return frames;
    }
    case 'structured_reprompt':
      h.parentId = ctx.rng.uuid(); // the hidden re-prompt message the next answer replies to
      h.items.push(snapshot(ctx, h.parentId));
      if (ev.streamedReply !== undefined) h.items.push(assistantMessage(ctx, ev.streamedReply.messageId, ev.streamedReply.text, h.parentId));
      return frames;
    case 'assistant_text':
    case 'assistant_stream':
      h.items.push(assistantMessage(ctx, ev.messageId, ev.text, h.parentId));
      return frames;
    case 'result': {
      // the view builds its own result object, which names no request (measured: ses_json_schema, where the streamed one does)
      const written = (frames === undefined ? [] : Array.isArray(frames) ? frames : [frames]).map((f) => {
        const { _requestId: _drop, ...rest } = f as Record<string, unknown>;
        void _drop;
        return rest;
      });
      return build(JSON_DOCUMENT, 'cbc', { type: 'json_document', document: [...h.items, ...written] });
    }
    default:
      return frames;
  }
}

/** The cbc encoder, keeping the session's history under --output-format json (the output prints only its document). */
export function withJsonHistory(encode: Profile['encode']): Profile['encode'] {
  return (ev, ctx) => (jsonOut(ctx) ? record(ev, ctx, encode(ev, ctx)) : encode(ev, ctx));
}
