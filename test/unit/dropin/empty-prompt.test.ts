// Issue #16 (round 10, helper FW): an empty text prompt (-p, or text input, with stdin closed empty) on cbc 2.117.0
// plays a blank turn (src/dropin/stdin.ts, engine TurnOrigin.empty): its blank system/init alone (no tools, model
// "unknown") and an empty success result in stream-json (captures ses_p_empty_stdin_stream_fw,
// opt_input_format_text_empty_stdin_stream_fw), that result in json (ses_p_empty_stdin_json_fw), nothing in text
// (ses_p_no_prompt); exit 0.
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/scenario/load.js';
import { startInMemory } from '../../../src/testkit/harness.js';

const scenario = parseScenario('turns:\n  - result: "plain reply"\n');

async function run(args: string[]): Promise<{ out: string; code: number }> {
  const { stdin, stdout, exit } = startInMemory({ argv: [...args, '--emu-profile', 'cbc-2.117.0', '--emu-speed', '0'], env: { CBC_EMU_LOG_LEVEL: 'silent' }, scenario });
  const parts: Buffer[] = [];
  stdout.on('data', (b: Buffer) => parts.push(b));
  stdin.end();
  const code = await exit;
  return { out: Buffer.concat(parts).toString('utf8'), code: typeof code === 'number' ? code : (code as { code: number }).code };
}

describe('cbc 2.117.0: an empty text prompt (#16)', () => {
  it('stream-json: the blank system/init alone, then an empty success result', async () => {
    const { out, code } = await run(['-p', '--output-format', 'stream-json', '--verbose']);
    const frames = out.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(frames.map((f) => `${String(f['type'])}/${String(f['subtype'])}`)).toEqual(['system/init', 'result/success']);
    expect(frames[0]).toMatchObject({ tools: [], model: 'unknown', slash_commands: [] });
    expect(frames[1]).toMatchObject({ result: '', num_turns: 1, is_error: false });
    expect(code).toBe(0);
  });

  it('json: the array holds that result; text: nothing', async () => {
    const json = await run(['-p', '--output-format', 'json']);
    expect((JSON.parse(json.out) as Array<Record<string, unknown>>).map((f) => [f['type'], f['result']])).toEqual([['result', '']]);
    const text = await run(['-p']);
    expect(text.out).toBe('');
    expect(text.code).toBe(0);
  });
});
