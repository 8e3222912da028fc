// Issue #16: model names and prompt forms as Claude Code reads them (FA's tuning captures): --model is trimmed and an
// alias matches in any case; an alias with [1m] that the catalogue does not list is the alias's model (2.1.328); a -p
// prompt of whitespace only ends 2.1.220 quietly and is a usage error on 2.1.328; an unrecognised --fallback-model gets
// 2.1.328's stderr notice; a fallback to a smaller context window says so on 2.1.328.
import { describe, expect, it } from 'vitest';
import { claude220Profile, claude328Profile } from '../../../../src/profiles/claude/index.js';
import { parseScenario } from '../../../../src/scenario/load.js';
import { runInMemory, startInMemory } from '../../../../src/testkit/harness.js';
import { printArgv } from '../../../helpers/stream-json.js';

describe('model names (#16)', () => {
  it('trims and matches aliases in any case', () => {
    for (const p of [claude220Profile(), claude328Profile()]) {
      const sonnet = p.behavior.resolveModel('sonnet');
      expect(p.behavior.resolveModel(' sonnet ')).toBe(sonnet);
      expect(p.behavior.resolveModel('SONNET')).toBe(sonnet);
      expect(p.behavior.resolveModel('my-Model ')).toBe('my-Model');
    }
  });
  it('sonnet[1m]: 2.1.220 lists it, 2.1.328 resolves the alias', () => {
    expect(claude220Profile().behavior.resolveModel('sonnet[1m]')).toBe('claude-sonnet-5[1m]');
    expect(claude328Profile().behavior.resolveModel('sonnet[1m]')).toBe(claude328Profile().behavior.resolveModel('sonnet'));
  });
});

const scenario = parseScenario('turns:\n  - match: { contains: "FAIL" }\n    error: "API Error: 400 bad"\nfallback:\n  reply: "answered"\n');
const run = (profile: string, args: string[]) =>
  runInMemory({ argv: [...args, '--output-format', 'stream-json', '--verbose', '--emu-profile', profile, '--emu-speed', '0', '--no-session-persistence'], env: { CBC_EMU_LOG_LEVEL: 'silent' }, scenario, stdin: '' });

describe('-p of whitespace only (#16)', () => {
  it('2.1.220: nothing written, exit 0', async () => {
    expect(await run('claude-2.1.220', ['-p', '  \t'])).toMatchObject({ stdout: '', stderr: '', code: 0 });
  });
  it('2.1.328: a usage error, exit 1', async () => {
    const r = await run('claude-2.1.328', ['-p', '   ']);
    expect(r).toMatchObject({ stdout: '', code: 1 });
    expect(r.stderr).toBe('Error: Input contained only whitespace. Provide a prompt with text through stdin or as a prompt argument when using --print\n');
  });
});

describe('--fallback-model on 2.1.328 (#16)', () => {
  it('an unrecognised fallback model is named on stderr', async () => {
    const r = await run('claude-2.1.328', ['-p', 'hi', '--fallback-model', 'my-fallback']);
    expect(r.stderr).toContain('[claude-code:unrecognized_model] {"model":"my-fallback","query_source":"sdk"}');
    expect((await run('claude-2.1.328', ['-p', 'hi', '--fallback-model', 'haiku'])).stderr).not.toContain('unrecognized_model');
  });
  it('a switch to a smaller window says so', async () => {
    const r = await run('claude-2.1.328', ['-p', 'FAIL', '--model', 'opus', '--fallback-model', 'claude-haiku-4-5-20251001']);
    expect(r.stdout).toContain(' \\u00b7 context window 1M \\u2192 200K tokens'.replace(/\\u00b7/, '\u00b7').replace(/\\u2192/, '\u2192'));
    const same = await run('claude-2.1.328', ['-p', 'FAIL', '--model', 'opus', '--fallback-model', 'sonnet']);
    expect(same.stdout).toContain('"subtype":"model_fallback"');
    expect(same.stdout).not.toContain('context window');
  });
});

describe('-p reads piped stdin beside its prompt (#16)', () => {
  it('joins stdin after the prompt argument', async () => {
    const r = await runInMemory({ argv: printArgv('claude-2.1.220', 'hi', '--no-session-persistence'), env: { CBC_EMU_LOG_LEVEL: 'silent' }, scenario, stdin: 'FAIL now\n' });
    expect(r.stdout).toContain('API Error: 400 bad'); // the joined prompt "hi\nFAIL now" selects the failing turn
  });
  it('stdin with no data and no end: the warning, then the prompt goes on alone', async () => {
    // --emu-speed 1000 shortens the 3 s wait to 3 ms; stdin is never written nor closed
    const run = startInMemory({ argv: ['-p', 'hi', '--output-format', 'stream-json', '--verbose', '--emu-profile', 'claude-2.1.328', '--emu-speed', '1000', '--no-session-persistence'], env: { CBC_EMU_LOG_LEVEL: 'silent' }, scenario });
    const err: Buffer[] = [];
    const out: Buffer[] = [];
    run.stderr.on('data', (c: Buffer) => err.push(c));
    run.stdout.on('data', (c: Buffer) => out.push(c));
    expect(await run.exit).toBe(0);
    expect(Buffer.concat(err).toString('utf8')).toContain('Warning: no stdin data received in 3s, proceeding without it.');
    expect(Buffer.concat(out).toString('utf8')).toContain('"result":"answered"');
  });
});
