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
 * ses_json_schema, ses_stream_in_json_out_h7), a tool call's function_call and function_call_result items (capture
 * ses_p_json_tool_fe, Bash).
 */

interface HistoryText {
  memoryPrompt: string;
  codebuddyMd: string;
}
let text: HistoryText | undefined;
/** The captured reminder texts (data/cbc-history.json), read on first use: only a json output needs them. */
const texts = (): HistoryText => (text ??= dataFile('cbc-history') as HistoryText);

/** One session's history so far, the item the next one replies to, the running request's ids, the calls awaiting results. */
interface History {
  items: unknown[];
  parentId: string;
  request: { traceId: string; conversationRequestId: string };
  calls: Map<string, { name: string; providerData: Record<string, unknown>; id: string }>;
  /** The turn's model call failed: the CLI's request fails, it prints the error on stderr and no history. */
  apiError?: string | undefined;
  /** A resumed session's first stored prompt: each request of this process adds the auto-memory reminder to it again. */
  restoredFirst?: { content: unknown[]; memory: unknown } | undefined;
}
const histories = new WeakMap<object, Map<string, History>>();

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

/** A model call's provider metadata: its own message id, the request's trace ids (shared by the calls of one request). */
function callData(ctx: EncodeContext, h: History, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const usage = { requests: 1, inputTokens: 100, outputTokens: 20, totalTokens: 120, inputTokensDetails: [{ cached_tokens: 0 }], outputTokensDetails: [{ reasoning_tokens: 0 }] };
  const head = { messageId: ctx.rng.hex(32), model: ctx.model, requestModelId: ctx.model, requestModelName: modelName(ctx.model), ...h.request };
  return { ...head, rawUsage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 }, agent: 'cli', ...extra, usage };
}

function assistantMessage(ctx: EncodeContext, h: History, id: string, body: string): Record<string, unknown> {
  const content = [{ providerData: { annotations: [] }, type: 'output_text', text: body }];
  return { id, type: 'message', role: 'assistant', status: 'completed', content, timestamp: ctx.now, providerData: callData(ctx, h), sessionId: ctx.sessionId, parentId: h.parentId };
}

const framesOf = (frames: Encoded): Array<Record<string, unknown>> => (frames === undefined ? [] : Array.isArray(frames) ? frames : [frames]);
const obj = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const firstBlock = (frame: Record<string, unknown> | undefined): Record<string, unknown> => {
  const content = obj(frame?.['message'])['content'];
  return Array.isArray(content) ? obj(content[0]) : {};
};

/** A tool call (measured: ses_p_json_tool_fe): a function_call item; Bash shows its command as argumentsDisplayText. */
function functionCall(ctx: EncodeContext, h: History, frames: Encoded): void {
  const frame = framesOf(frames).find((f) => f['type'] === 'assistant');
  const block = firstBlock(frame);
  const [callId, name, input] = [String(block['id']), String(block['name']), obj(block['input'])];
  const id = String(obj(frame?.['message'])['id']);
  const providerData = callData(ctx, h, typeof input['command'] === 'string' && name === 'Bash' ? { argumentsDisplayText: input['command'] } : {});
  h.calls.set(callId, { name, providerData, id });
  h.items.push({ providerData, id, type: 'function_call', callId, name, arguments: JSON.stringify(input), timestamp: ctx.now, sessionId: ctx.sessionId, parentId: h.parentId });
  h.parentId = id;
}

/** Its result: a function_call_result item with the text the model got and the tool's raw response. */
function functionResult(ctx: EncodeContext, h: History, frames: Encoded): void {
  const block = firstBlock(framesOf(frames).find((f) => f['type'] === 'user'));
  const callId = String(block['tool_use_id']);
  const call = h.calls.get(callId);
  const content = block['content'];
  const first: unknown = Array.isArray(content) ? obj(content[0])['text'] : content;
  const text = typeof first === 'string' ? first : '';
  const meta = obj(block['_meta']);
  const raw = obj(meta['rawResponse']);
  // a failed call names its error: the raw response's, else the text without its "Error: " (ses_p_json_bgbash_fe, _deny_fe)
  const error = typeof raw['error'] === 'string' ? { error: raw['error'] } : text.startsWith('Error: ') ? { error: text.slice('Error: '.length) } : {};
  const { rawUsage: _r, usage: _u, argumentsDisplayText: _a, ...pd } = call?.providerData ?? {};
  void [_r, _u, _a];
  const providerData = { ...pd, toolResult: { content: text, ...error, renderer: meta['renderer'], rawResponse: meta['rawResponse'] } };
  const id = ctx.rng.uuid();
  h.items.push({ type: 'function_call_result', name: call?.name, callId, status: 'completed', output: { type: 'text', text }, timestamp: ctx.now, providerData, id, sessionId: ctx.sessionId, parentId: call?.id ?? h.parentId });
  h.parentId = id;
}

/**
 * The history a resumed session starts with (--continue, --resume): the stored conversation's prompts and replies as the
 * CLI reads them back from its transcript, in the transcript's key order, each with the session's cwd (measured:
 * ses_continue_p_json_h8); the next prompt replies to the last of them and carries no reminders. The first prompt gets
 * its auto-memory reminder once per request this process makes (record(); opt_json_schema_continue_p_json_g2: four
 * after three --json-schema re-prompts).
 */
function restored(ctx: EncodeContext, h: History, encode: Profile['encode']): unknown[] {
  const items: Array<Record<string, unknown>> = [];
  // one request per stored prompt, whose calls and replies share its ids, as the live history's
  const req: History = { items: [], parentId: '', request: { traceId: '', conversationRequestId: '' }, calls: new Map() };
  const usage = { message: { usage: { input_tokens: 100, output_tokens: 20, total_tokens: 120 } } };
  const add = (item: Record<string, unknown> | undefined, extra: Record<string, unknown> = {}) => {
    if (item === undefined) return;
    const { id, parentId, timestamp, type, sessionId, ...rest } = item;
    const stored = { id, ...(parentId !== undefined && parentId !== '' ? { parentId } : {}), timestamp, type, ...rest };
    items.push({ ...stored, ...(sessionId !== undefined ? { sessionId } : {}), ...extra, cwd: ctx.cwd });
    if (type !== 'file-history-snapshot') req.parentId = String(id);
  };
  for (const entry of ctx.restoredSaid ?? []) {
    const e = obj(entry);
    const ev = e as unknown as EngineEvent;
    if (e['kind'] === 'stored_prompt' && typeof e['text'] === 'string') {
      const user: Record<string, unknown> = { ...userMessage(ctx, e['text'], items.length === 0), parentId: req.parentId };
      const content = user['content'];
      if (items.length === 0 && Array.isArray(content) && memoryOn(ctx)) h.restoredFirst = { content, memory: content.shift() };
      req.request = { traceId: ctx.rng.hex(32), conversationRequestId: ctx.rng.hex(32) };
      add(user);
      add(snapshot(ctx, String(user['id'])));
    } else if ((e['kind'] === 'assistant_text' || e['kind'] === 'assistant_stream') && typeof e['text'] === 'string') {
      add(assistantMessage(ctx, req, String(e['messageId']), e['text']), usage);
    } else if (e['kind'] === 'assistant_tool_use' || e['kind'] === 'tool_result') {
      // a stored tool call and its result, as the live history records them from their frames (functionCall, functionResult)
      (e['kind'] === 'assistant_tool_use' ? functionCall : functionResult)(ctx, req, encode(ev, ctx));
      add(obj(req.items.pop()), e['kind'] === 'assistant_tool_use' ? usage : {});
    }
  }
  return items;
}

/** Records `ev` in the session's history where it belongs there; the result's frames become the history document. */
function record(ev: EngineEvent, ctx: EncodeContext, frames: Encoded, encode: Profile['encode']): Encoded {
  const sessions = histories.get(ctx.rng) ?? new Map<string, History>();
  histories.set(ctx.rng, sessions);
  // each session its own history (a line that opened a session of its own: ses_stream_in_json_out_two_fe)
  let h = sessions.get(ctx.sessionId);
  if (h === undefined) {
    sessions.set(ctx.sessionId, (h = { items: [], parentId: '', request: { traceId: '', conversationRequestId: '' }, calls: new Map() }));
    if (sessions.size === 1) h.items = restored(ctx, h, encode);
  }
  if ((ev.kind === 'turn_preamble' || ev.kind === 'structured_reprompt') && h.restoredFirst) h.restoredFirst.content.unshift(h.restoredFirst.memory);
  switch (ev.kind) {
    case 'turn_preamble': {
      // a later prompt of the session replies to its last message (measured: ses_stream_in_json_out_session_id_fe)
      const last = h.items.findLast((x) => obj(x)['type'] !== 'file-history-snapshot');
      const user: Record<string, unknown> = { ...userMessage(ctx, ev.prompt ?? '', h.items.length === 0), ...(last !== undefined ? { parentId: obj(last)['id'] } : {}) };
      h.parentId = String(user['id']);
      h.request = { traceId: ctx.rng.hex(32), conversationRequestId: ctx.rng.hex(32) };
      h.items.push(user, snapshot(ctx, h.parentId));
      return frames;
    }
    case 'structured_reprompt':
      h.parentId = ctx.rng.uuid(); // the hidden re-prompt message the next answer replies to
      h.request = { traceId: ctx.rng.hex(32), conversationRequestId: ctx.rng.hex(32) }; // a request of its own
      h.items.push(snapshot(ctx, h.parentId));
      if (ev.streamedReply !== undefined) h.items.push(assistantMessage(ctx, h, ev.streamedReply.messageId, ev.streamedReply.text));
      return frames;
    case 'assistant_text':
      if (ev.apiError === true) return (h.apiError = ev.text), frames;
      h.items.push(assistantMessage(ctx, h, ev.messageId, ev.text));
      return frames;
    case 'assistant_stream':
      h.items.push(assistantMessage(ctx, h, ev.messageId, ev.text));
      return frames;
    case 'assistant_tool_use':
      functionCall(ctx, h, frames);
      return frames;
    case 'tool_result':
      functionResult(ctx, h, frames);
      return frames;
    case 'control_success':
    case 'control_error':
      // its control channel writes each reply as one line before the history (measured: ses_continue_stream_json_out_g2)
      return framesOf(frames).flatMap((line) => (line['type'] === 'control_response' ? [build(JSON_DOCUMENT, 'cbc', { type: 'json_document', line })] : []));
    case 'result': {
      // a turn that ends in error fails its request (measured: ses_p_json_api_error_fe, ses_p_json_max_turns_fe): the
      // error text on stderr, nothing on stdout
      if (!ev.ok) {
        h.apiError = undefined;
        return build(JSON_DOCUMENT, 'cbc', { type: 'json_document', error: ev.errors.join('\n') });
      }
      // the view builds its own result object, which names no request (measured: ses_json_schema, where the streamed one does)
      const written = framesOf(frames).map((f) => {
        const { _requestId: _drop, ...rest } = f;
        void _drop;
        return rest;
      });
      return build(JSON_DOCUMENT, 'cbc', { type: 'json_document', document: [...h.items, ...written] });
    }
    default:
      return frames;
  }
}

/**
 * Text output: a request whose answer is empty prints nothing, not an empty line (its sendRequest writes only a
 * non-empty answer; capture ses_stream_in_text_out_keep_alive_fe: a keep_alive's blank turn adds no line).
 */
function textResult(ev: EngineEvent, frames: Encoded): Encoded {
  return ev.kind === 'result' && ev.ok && ev.text === '' ? build(JSON_DOCUMENT, 'cbc', { type: 'json_document' }) : frames;
}

/** The cbc encoder, keeping the session's history under --output-format json (the output prints only its document). */
export function withJsonHistory(encode: Profile['encode']): Profile['encode'] {
  return (ev, ctx) => {
    if (jsonOut(ctx)) return record(ev, ctx, encode(ev, ctx), encode);
    // (no flags at all: a stored conversation replayed at --resume, whose frames are the stream's)
    const format = ctx.cliFlags === undefined ? 'stream-json' : (ctx.cliFlags.get('output-format') ?? 'text');
    return format === 'text' ? textResult(ev, encode(ev, ctx)) : encode(ev, ctx);
  };
}
