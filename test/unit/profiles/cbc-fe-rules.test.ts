// Issue #16, cbc 2.117.0 read from its bundle and measured: --agent naming an --agents agent with a tools list lists
// those tools, then SendMessage and ExitPlanMode (opt_agent_stream_h7, opt_agent_tools_rules_fe, _empty_fe);
// set_config without config fails with its TypeError text (ctl_set_config_mid_turn_fe); get_auth_methods and
// authenticate are answered (ctl_get_auth_methods_fe, ctl_authenticate_bad_method_fe); the media-model slash commands
// follow their environment switches (env_cbc_video_gen_off_fe); --json-schema re-prompts stream under ids of their own
// (opt_json_schema_partial_h7); --output-format json prints the session's history and the result as one array (p_json).
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/scenario/load.js';
import { runInMemory } from '../../../src/testkit/harness.js';
import type { Frame } from '../../helpers/frames.js';
import { controlLine as ctl, framesOf, printArgv, replyTo as reply, streamArgv } from '../../helpers/stream-json.js';

const scenario = parseScenario('turns:\n  - reply: "hello"\n');
const P = printArgv('cbc-2.117.0', 'hi');
const STREAM = streamArgv('cbc-2.117.0');

async function init(argv: string[], env: Record<string, string> = {}): Promise<Frame | undefined> {
  const r = await runInMemory({ argv, scenario, stdin: '', env });
  return framesOf(r.stdout).find((f) => f['subtype'] === 'init');
}

describe('cbc 2.117.0 (#16, helper FE)', () => {
  it('--agent with an --agents tools list: its plain tool names, then SendMessage and ExitPlanMode; an empty list gives all', async () => {
    const agents = (tools: unknown) => JSON.stringify({ r: { description: 'd', prompt: 'p', tools } });
    expect((await init([...P, '--agents', agents(['Bash(git:*)', 'Nosuch', 'Agent', 'Grep', 'ExitPlanMode']), '--agent', 'r']))?.['tools']).toEqual(['Agent', 'Grep', 'ExitPlanMode', 'SendMessage']);
    expect((await init([...P, '--agents', agents(['Read']), '--agent', 'r']))?.['tools']).toEqual(['Read', 'SendMessage', 'ExitPlanMode']);
    expect(((await init([...P, '--agents', agents([]), '--agent', 'r']))?.['tools'] as string[]).length).toBe(44);
  });

  it('set_config without config fails; get_auth_methods and authenticate are answered', async () => {
    const stdin = ctl('req_1', { subtype: 'initialize' }) + ctl('req_2', { subtype: 'set_config' }) + ctl('req_3', { subtype: 'get_auth_methods' }) + ctl('req_4', { subtype: 'authenticate', methodId: 'x' });
    const frames = framesOf((await runInMemory({ argv: STREAM, scenario, stdin })).stdout);
    expect(reply(frames, 'req_2')).toMatchObject({ subtype: 'error', error: 'Cannot convert undefined or null to object' });
    expect(reply(frames, 'req_3')?.['response']).toEqual({ authMethods: [{ id: 'Tencent-Cloud.coding-copilot', name: 'TencentCloud', description: null }] });
    const callback = frames.findIndex((f) => f['type'] === 'control_request' && (f['request'] as Frame)['subtype'] === 'auth_result_callback');
    expect(callback).toBeGreaterThan(-1);
    expect(String(frames[callback]?.['request_id'])).toMatch(/^auth_result_\d+_1$/);
    expect(frames[callback + 1]?.['response']).toMatchObject({ request_id: 'req_4', response: { success: false, error: { type: 'auth_failed' } } });
  });

  it('media-model slash commands follow CODEBUDDY_VIDEO_GEN_ENABLED / _IMAGE_GEN_ENABLED', async () => {
    const names = async (env: Record<string, string>) => (await init(P, env))?.['slash_commands'] as string[];
    expect(await names({})).toEqual(expect.arrayContaining(['model:text-to-video', 'model:image-to-video']));
    expect(await names({ CODEBUDDY_VIDEO_GEN_ENABLED: 'false' })).not.toContain('model:text-to-video');
    const on = await names({ CODEBUDDY_IMAGE_GEN_ENABLED: '1' });
    expect(on.slice(on.indexOf('debug') + 1, on.indexOf('debug') + 4)).toEqual(['model:text-to-image', 'model:text-to-video', 'model:image-to-video']);
  });

  it('--json-schema with partial messages: each re-prompt streams under a new _requestId, the result under the last', async () => {
    const schema = '{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}';
    const r = await runInMemory({ argv: [...P, '--include-partial-messages', '--json-schema', schema], scenario, stdin: '' });
    const frames = framesOf(r.stdout);
    const starts = frames.filter((f) => f['type'] === 'stream_event' && (f['event'] as Frame)['type'] === 'message_start').map((f) => f['_requestId']);
    expect(starts).toHaveLength(4); // the answer and three re-prompts, the last one streamed but never written
    expect(new Set(starts).size).toBe(4);
    expect(frames.filter((f) => f['type'] === 'assistant')).toHaveLength(3);
    expect(frames.find((f) => f['type'] === 'result')?.['_requestId']).toBe(starts[3]);
  });

  it('--output-format json: the history (user message with its reminders, snapshot, assistant) then the result, pretty-printed', async () => {
    const r = await runInMemory({ argv: ['-p', 'hi', '--output-format', 'json', '--emu-profile', 'cbc-2.117.0', '--emu-speed', '0'], scenario, stdin: '' });
    expect(r.stdout.startsWith('[\n  {')).toBe(true);
    const doc = JSON.parse(r.stdout) as Frame[];
    expect(doc.map((x) => `${String(x['type'])}:${String(x['role'] ?? x['subtype'] ?? '')}`)).toEqual(['message:user', 'file-history-snapshot:', 'message:assistant', 'result:success']);
    const texts = (doc[0]?.['content'] as Frame[]).map((b) => String(b['text']));
    expect(texts[0]).toMatch(/^<system-reminder data-role="memory"><memory>\n# auto memory/);
    expect(texts[2]).toBe('<user_query>hi</user_query>');
    expect((doc[1]?.['snapshot'] as Frame)['messageId']).toBe(doc[0]?.['id']);
    expect(doc[2]?.['parentId']).toBe(doc[0]?.['id']);
    expect(doc[3]?.['result']).toBe('hello');
  });
});
