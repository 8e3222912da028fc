// Redaction and logs (issue #18 class 8): of the planted secrets none reaches a cassette (secretlint's
// recommended preset for provider formats, key-name rules for keys holding any value, secrets as keys,
// JSON inside strings, URLs, argv, PEM blocks); a `__proto__` key survives; logs carry frame shapes only.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Redactor } from '../../dist/tools/cassette/redact.js';
import { ROOT, runNode, type BinResult } from '../helpers/run-bin.js';
import { expectNoStack, lines, spawned, streamArgs } from './helpers.js';
import { ARGV, ERR, IN, OUT, PLANTED, PROTO_LINE, S } from './planted-secrets.js';

const EMU = join(ROOT, 'bin', 'cbc-emu.js');
const dir = mkdtempSync(join(tmpdir(), 'cbc-hardening-redact-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The pieces of a secret that must not appear: the whole (raw and JSON-escaped) and each run of 12+ word characters. */
const pieces = (secret: string) => [secret, JSON.stringify(secret).slice(1, -1), ...secret.split(/[^A-Za-z0-9_]+/).filter((p) => p.length >= 12)];

/** A fake CLI: writes the planted frames and stderr lines, drains stdin, exits 0. */
const CLI = `import { readFileSync } from 'node:fs';
const d = JSON.parse(readFileSync(process.env.PLANTED_FILE, 'utf8'));
for (const l of d.out) process.stdout.write(l + '\\n');
for (const l of d.err) process.stderr.write(l + '\\n');
process.stdin.resume();
process.stdin.on('end', () => {});
`;

function record(out: string): Promise<BinResult> {
  const cli = join(dir, 'planted-cli.mjs');
  writeFileSync(cli, CLI);
  const data = join(dir, 'planted.json');
  writeFileSync(data, JSON.stringify({ out: [...OUT.map((f) => JSON.stringify(f)), PROTO_LINE], err: ERR }));
  return runNode([EMU, 'record', '--out', out, '--', process.execPath, cli, ...ARGV], lines(...IN), { env: { PLANTED_FILE: data } });
}

describe('8. redaction: planted secrets never reach the cassette', () => {
  it(`${PLANTED.length} planted secrets: none in the cassette; bytes pass through unchanged; a __proto__ key survives`, async () => {
    expect(PLANTED.length).toBeGreaterThanOrEqual(55);
    const out = join(dir, 'planted.ndjson');
    const r = await record(out);
    expect(r.code, r.stderr).toBe(0);
    expectNoStack(r.stderr);
    expect(r.stdout).toBe([...OUT.map((f) => JSON.stringify(f)), PROTO_LINE].join('\n') + '\n'); // the consumer gets the real bytes
    const cassette = readFileSync(out, 'utf8');
    const leaked = PLANTED.filter(({ secret }) => pieces(secret).some((p) => cassette.includes(p))).map((p) => p.name);
    expect(leaked, 'secrets that reached the cassette').toEqual([]);
    // the recording is still a recording: every line is there, in order, with placeholders
    const entries = cassette.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries.filter((e) => e['dir'] === 'out')).toHaveLength(OUT.length + 1);
    expect(entries.filter((e) => e['dir'] === 'in' && e['frame'] !== undefined)).toHaveLength(IN.length);
    expect(cassette).toContain('<redacted:github:');
    expect(cassette).toContain('"-p","hello"'); // argv that is not a secret stays
    const proto = entries.find((e) => (e['frame'] as Record<string, unknown> | undefined)?.['subtype'] === 'proto')?.['frame'] as Record<string, unknown>;
    expect(Object.prototype.hasOwnProperty.call(proto, '__proto__')).toBe(true);
    expect(JSON.stringify(proto)).toBe('{"type":"system","subtype":"proto","__proto__":{"polluted":"no"},"after":1}');
  }, 60_000);

  it('protocol keys that only look like secrets keep their values: token counts, apiKeySource, tokenSource', async () => {
    const r = new Redactor();
    const frame = { usage: { input_tokens: 12, output_tokens: 3, cache_read_input_tokens: 0 }, apiKeySource: 'none', tokenSource: 'oauth', maxOutputTokens: 100, tokens: 5 };
    expect(JSON.stringify((await r.line(JSON.stringify(frame)) as { frame: unknown }).frame)).toBe(JSON.stringify(frame));
  });

  it('the text rules take linear time: 1 MB adversarial texts for each (a backtracking rule would not finish)', () => {
    const r = new Redactor();
    const MB = 1 << 20;
    const texts = [
      '-----BEGIN RSA PRIVATE KEY-----'.repeat(MB / 31),
      '-'.repeat(MB),
      'a://'.repeat(MB / 4),
      'http://' + 'a:'.repeat(MB / 2),
      'token'.repeat(MB / 5),
      'token' + ' '.repeat(MB),
      '--token '.repeat(MB / 8),
      '--' + 'a-'.repeat(MB / 2),
      'bearer '.repeat(MB / 7),
      'eyJ' + 'a'.repeat(MB),
      'a@'.repeat(MB / 2),
      'a.'.repeat(MB / 2) + '@',
    ];
    for (const t of texts) expect(typeof r.text(t)).toBe('string');
  }, 60_000);

  it('a frame nested 5,000 deep is redacted without a stack overflow', async () => {
    const deep = '{"a":'.repeat(5000) + `{"token":"${S.ghp}"}` + '}'.repeat(5000);
    const got = JSON.stringify((await new Redactor().line(deep)) as { frame: unknown });
    expect(got).not.toContain(S.ghp);
  });
});

describe('8. logs carry the shape of a stdin frame, never its values', () => {
  it.each(['cbc', 'claude-2.1.328'])('%s: ignored stdin lines holding secrets are logged (CBC_EMU_LOG, stderr) without them', async (profile) => {
    const log = join(dir, `emu-${profile}.log`);
    const secretFrames = lines(
      { type: 'bogus_type', token: S.ghp, [S.stripeLive]: 1 },
      { type: 'control_response', response: { subtype: 'success', request_id: S.slackBot, response: { token: S.awsKeyId } } },
      { type: 'user', message: { role: 'user', content: 'hi' } },
    );
    const r = await spawned(streamArgs(profile, join(dir, `home-${profile}`)), secretFrames, { env: { CBC_EMU_LOG: log, CBC_EMU_LOG_LEVEL: 'debug' } });
    expect(r.code, r.stderr).toBe(0);
    const logged = readFileSync(log, 'utf8');
    expect(logged, 'the ignored lines were logged').toMatch(/ignoring (?:stdin JSON|a control_response)/);
    for (const s of [S.ghp, S.stripeLive, S.awsKeyId, S.slackBot]) {
      expect(logged).not.toContain(s);
      expect(r.stderr).not.toContain(s);
    }
  });
});
