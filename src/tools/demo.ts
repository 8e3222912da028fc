import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * `npm run demo`: runs scenarios/deep-research.yaml through the drop-in (bin/cbc.js) as an SDK
 * would (initialize, the two prompts of the scenario, stdin closed), and prints each stdout frame with
 * a one-line gist: a background workflow, then a scripted interrupt with its late rows.
 */
export async function runDemo(argv: string[]): Promise<number> {
  const pi = argv.indexOf('--profile');
  const profile = pi >= 0 ? argv[pi + 1] ?? 'cbc' : 'cbc';
  const bin = fileURLToPath(new URL('../../bin/cbc.js', import.meta.url));
  const scenario = fileURLToPath(new URL('../../scenarios/deep-research.yaml', import.meta.url));
  const args = [bin, '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose',
    '--emu-scenario', scenario, '--emu-profile', profile, '--emu-speed', '20', '--emu-seed', 'demo'];
  process.stdout.write(`$ node ${args.map((a) => (a.includes(' ') ? JSON.stringify(a) : a)).join(' ')}\n\n`);
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.write(JSON.stringify({ type: 'control_request', request_id: 'init', request: { subtype: 'initialize', hooks: {}, capabilities: {}, hasPrompt: true } }) + '\n');
  child.stdin.write(JSON.stringify({ type: 'user', message: { role: 'user', content: '/deep-research topic=foo' } }) + '\n');
  // the second turn's workflow carries a scripted interrupt: ACK-less stop, killed, stopped, then late rows (seed 000 §4.3)
  child.stdin.end(JSON.stringify({ type: 'user', message: { role: 'user', content: 'now cancel-me' } }) + '\n');
  let buf = '';
  let n = 0;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    buf += chunk;
    let i: number;
    while ((i = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      n++;
      process.stdout.write(`${String(n).padStart(3)} ${gist(line)}\n`);
    }
  });
  const code = await new Promise<number>((r) => child.on('close', (c) => r(c ?? 1)));
  process.stdout.write(`\n${n} frames, exit code ${code}. Full bytes: add --emu-speed 0 and pipe the same stdin to bin/cbc.js.\n`);
  return code;
}

function gist(line: string): string {
  const o = JSON.parse(line) as Record<string, any>;
  const head = [o['type'], o['subtype']].filter(Boolean).join('/');
  if (o['type'] === 'control_response') return `${head} ${o['response']?.subtype} request_id=${o['response']?.request_id}`;
  if (o['type'] === 'assistant') {
    const c = o['message']?.content?.[0];
    return `${head} ${c?.type === 'text' ? JSON.stringify(c.text) : `tool_use ${c?.name}`}`;
  }
  if (o['subtype'] === 'task_progress') {
    const rows = (o['workflow_progress'] ?? []).filter((r: any) => r.type === 'workflow_agent').map((r: any) => `${r.label}:${r.state}`);
    return `${head} [${rows.join(' ')}]`;
  }
  if (o['subtype'] === 'task_updated') return `${head} status=${o['patch']?.status}`;
  if (o['subtype'] === 'task_notification') return `${head} status=${o['status']} ${JSON.stringify(o['summary'])}`;
  if (o['subtype'] === 'task_started') return `${head} ${o['task_type']} ${o['workflow_name']}`;
  if (o['type'] === 'result') return `${head} ${o['subtype']} ${JSON.stringify(o['result'] ?? o['errors'])}`;
  return head;
}
