import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isRawFrame, obj, str, type RawFrame } from '../protocol/raw-frame.js';
import { rowsOfType } from '../protocol/task-state.js';
import { streamLines } from '../transport/line-reader.js';

/**
 * `npm run demo`: runs the shipped deep-research scenario (by name) through the drop-in (bin/cbc.js) as an SDK
 * would (initialize, the two prompts of the scenario, stdin closed), and prints each stdout frame with
 * a one-line gist: a background workflow, then a scripted interrupt with its late rows.
 */
export async function runDemo(opts: { profile: string }): Promise<number> {
  const bin = fileURLToPath(new URL('../../bin/cbc.js', import.meta.url));
  const args = [bin, '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose',
    '--emu-scenario', 'deep-research', '--emu-profile', opts.profile, '--emu-speed', '20', '--emu-seed', 'demo'];
  process.stdout.write(`$ node ${args.map((a) => (a.includes(' ') ? JSON.stringify(a) : a)).join(' ')}\n\n`);
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.write(JSON.stringify({ type: 'control_request', request_id: 'init', request: { subtype: 'initialize', hooks: {}, capabilities: {}, hasPrompt: true } }) + '\n');
  child.stdin.write(JSON.stringify({ type: 'user', message: { role: 'user', content: '/deep-research topic=foo' } }) + '\n');
  // the second turn's workflow carries a scripted interrupt: ACK-less stop, killed, stopped, then late rows (docs/protocol.md)
  child.stdin.end(JSON.stringify({ type: 'user', message: { role: 'user', content: 'now cancel-me' } }) + '\n');
  const closed = new Promise<number>((r) => child.on('close', (c) => r(c ?? 1)));
  let n = 0;
  for await (const l of streamLines(child.stdout)) {
    n++;
    process.stdout.write(`${String(n).padStart(3)} ${gist(l.text)}\n`);
  }
  const code = await closed;
  process.stdout.write(`\n${n} frames, exit code ${code}. Full bytes: add --emu-speed 0 and pipe the same stdin to bin/cbc.js.\n`);
  return code;
}

/** One line per frame: its type/subtype and the fields that tell the story. */
function gist(line: string): string {
  const parsed: unknown = JSON.parse(line);
  const o: RawFrame = isRawFrame(parsed) ? parsed : {};
  const head = [str(o, 'type'), str(o, 'subtype')].filter(Boolean).join('/');
  const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  if (o['type'] === 'control_response') {
    const res = obj(o, 'response');
    return `${head} ${show(res?.['subtype'])} request_id=${show(res?.['request_id'])}`;
  }
  if (o['type'] === 'assistant') {
    const content = obj(o, 'message')?.['content'];
    const c = Array.isArray(content) && isRawFrame(content[0]) ? content[0] : undefined;
    return `${head} ${c?.['type'] === 'text' ? JSON.stringify(c['text']) : `tool_use ${show(c?.['name'])}`}`;
  }
  if (o['subtype'] === 'task_progress') return `${head} [${rowsOfType(o, 'workflow_agent').map((r) => `${show(r['label'])}:${show(r['state'])}`).join(' ')}]`;
  if (o['subtype'] === 'task_updated') return `${head} status=${show(obj(o, 'patch')?.['status'])}`;
  if (o['subtype'] === 'task_notification') return `${head} status=${show(o['status'])} ${JSON.stringify(o['summary'])}`;
  if (o['subtype'] === 'task_started') return `${head} ${show(o['task_type'])} ${show(o['workflow_name'])}`;
  if (o['type'] === 'result') return `${head} ${show(o['subtype'])} ${JSON.stringify(o['result'] ?? o['errors'])}`;
  return head;
}
