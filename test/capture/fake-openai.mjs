// Local fake OpenAI-style chat.completions API (SSE) for `npm run capture`: cbc 2.117.0 is pointed at it
// with CODEBUDDY_API_KEY=sk-test CODEBUDDY_BASE_URL=http://127.0.0.1:PORT (it POSTs /chat/completions).
import { createServer } from 'node:http';
import { listen } from './fake-anthropic.mjs';
import { decide, readBody, SLOW_MS } from './model-script.mjs';

const textOf = (c) => (typeof c === 'string' ? c : Array.isArray(c) ? c.map((p) => (p?.type === 'text' ? p.text ?? '' : '')).join('\n') : '');

/** Starts the server on an ephemeral port; resolves to `{ port, close }`. */
export function startFakeOpenAI() {
  let n = 0;
  const open = new Set();
  const server = createServer(async (req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    const body = req.method === 'POST' ? await readBody(req) : {};
    n += 1;
    if (!req.url.includes('chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{}');
      return;
    }
    const msgs = body.messages ?? [];
    const users = msgs.filter((m) => m.role === 'user');
    const lastMsg = msgs.at(-1) ?? {};
    const d = decide({
      first: users[0] ? textOf(users[0].content) : '',
      last: users.at(-1) ? textOf(users.at(-1).content) : '',
      hasToolResult: lastMsg.role === 'tool',
      tools: (body.tools ?? []).map((t) => t.function?.name).filter(Boolean),
    });
    if (d.kind === 'error') {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'fake invalid request', type: 'invalid_request_error' } }));
      return;
    }
    const id = `chatcmpl-fake${String(n).padStart(4, '0')}`;
    const chunk = (delta, finish = null) => `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 1700000000, model: body.model ?? 'default-model', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    const usage = `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 1700000000, model: body.model ?? 'default-model', choices: [], usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 } })}\n\n`;
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    if (d.kind === 'hang') {
      res.write(chunk({ role: 'assistant', content: d.text }));
      return; // never finishes: the client has to interrupt
    }
    if (d.kind === 'slow') await new Promise((r) => setTimeout(r, SLOW_MS));
    const parts =
      d.kind === 'tool'
        ? [
            chunk({ role: 'assistant', content: '' }),
            chunk({ tool_calls: [{ index: 0, id: `call_fake${String(n).padStart(4, '0')}`, type: 'function', function: { name: d.name, arguments: '' } }] }),
            chunk({ tool_calls: [{ index: 0, function: { arguments: JSON.stringify(d.input) } }] }),
            chunk({}, 'tool_calls'),
          ]
        : [chunk({ role: 'assistant', content: d.text }), chunk({}, 'stop')];
    for (const p of [...parts, usage, 'data: [DONE]\n\n']) res.write(p);
    res.end();
  });
  return listen(server, open);
}
