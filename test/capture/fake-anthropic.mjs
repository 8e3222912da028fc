// Local fake Anthropic Messages API (SSE) for `npm run capture`: Claude Code is pointed at it with
// ANTHROPIC_BASE_URL=http://127.0.0.1:PORT ANTHROPIC_API_KEY=sk-test. Listens on 127.0.0.1 only.
import { createServer } from 'node:http';
import { decide, readBody, SLOW_MS } from './model-script.mjs';

function textOf(content) {
  if (typeof content === 'string') return content;
  return (content ?? [])
    .map((b) => (b?.type === 'text' ? b.text ?? '' : b?.type === 'tool_result' ? '[tool_result] ' + (typeof b.content === 'string' ? b.content : JSON.stringify(b.content)) : ''))
    .join('\n');
}

/** Starts the server on an ephemeral port; resolves to `{ port, close }`. */
export function startFakeAnthropic() {
  let n = 0;
  const open = new Set();
  const server = createServer(async (req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    const body = req.method === 'POST' ? await readBody(req) : {};
    n += 1;
    const json = (code, obj) => {
      const b = JSON.stringify(obj);
      res.writeHead(code, { 'content-type': 'application/json', 'request-id': 'req_fake', 'content-length': Buffer.byteLength(b) });
      res.end(b);
    };
    if (req.method !== 'POST') return json(404, { type: 'error', error: { type: 'not_found_error', message: 'nf' } });
    if (req.url.includes('/count_tokens')) return json(200, { input_tokens: 123 });
    if (!req.url.startsWith('/v1/messages')) return json(404, { type: 'error', error: { type: 'not_found_error', message: 'not found' } });
    const users = (body.messages ?? []).filter((m) => m.role === 'user');
    const last = users.at(-1) ?? {};
    const lc = last.content;
    const d = decide({
      first: users[0] ? textOf(users[0].content) : '',
      last: textOf(typeof lc === 'string' ? lc : Array.isArray(lc) ? lc.slice(-1) : []),
      hasToolResult: Array.isArray(lc) && lc.some((b) => b?.type === 'tool_result'),
      tools: (body.tools ?? []).map((t) => t.name),
    });
    const model = body.model ?? 'claude-x';
    if (d.kind === 'error') return json(400, { type: 'error', error: { type: 'invalid_request_error', message: 'fake invalid request' }, request_id: 'req_fake' });
    if (d.kind === 'slow') await new Promise((r) => setTimeout(r, SLOW_MS));
    const id = `msg_fake${String(n).padStart(4, '0')}`;
    const blocks = d.kind === 'tool' ? [{ type: 'tool_use', id: `toolu_fake${String(n).padStart(4, '0')}`, name: d.name, input: d.input }] : [{ type: 'text', text: d.text }];
    const stop = d.kind === 'tool' ? 'tool_use' : 'end_turn';
    const usage = { input_tokens: 100, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 20 };
    if (!body.stream) return json(200, { id, type: 'message', role: 'assistant', model, content: blocks, stop_reason: stop, stop_sequence: null, usage });
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'request-id': `req_fake${n}`, connection: 'close' });
    const ev = (name, data) => res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
    ev('message_start', { type: 'message_start', message: { id, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { ...usage, output_tokens: 1 } } });
    if (d.kind === 'hang') {
      ev('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
      ev('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: d.text } });
      return; // never finishes: the client has to interrupt
    }
    blocks.forEach((b, i) => {
      if (b.type === 'text') {
        ev('content_block_start', { type: 'content_block_start', index: i, content_block: { type: 'text', text: '' } });
        ev('content_block_delta', { type: 'content_block_delta', index: i, delta: { type: 'text_delta', text: b.text } });
      } else {
        ev('content_block_start', { type: 'content_block_start', index: i, content_block: { type: 'tool_use', id: b.id, name: b.name, input: {} } });
        ev('content_block_delta', { type: 'content_block_delta', index: i, delta: { type: 'input_json_delta', partial_json: JSON.stringify(b.input) } });
      }
      ev('content_block_stop', { type: 'content_block_stop', index: i });
    });
    ev('message_delta', { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 20 } });
    ev('message_stop', { type: 'message_stop' });
    res.end();
  });
  return listen(server, open);
}

/** Listens on 127.0.0.1:0 and resolves to `{ port, close }` (close also ends hanging responses). */
export function listen(server, open) {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const port = server.address().port;
      resolve({
        port,
        close: () =>
          new Promise((r) => {
            for (const res of open) res.destroy();
            server.close(() => r());
          }),
      });
    });
  });
}
