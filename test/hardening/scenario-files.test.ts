// Hardening (issue #9), the end-to-end side of bad scenario files: the loader's messages are pinned by
// test/unit/scenario/load.test.ts; here the real drop-in is handed each bad file and must exit 2 with
// one clear `file:line:col` message on stderr (after the `invalid scenario` header), nothing on stdout,
// no stack trace, never reading or answering stdin (docs/scenarios.md "Errors"). Each file goes through the
// drop-in's entry (runCli) in this process, which is what bin/cbc.js runs (a crash would reject the run and
// fail the case); the first file and the missing file are also handed to the spawned bin/cbc.js, whose
// process exit code and streams must be the same. A node spawn that loads yaml and zod for each of the 30
// files was ~10 s of the suite's CPU (issue #21).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectNoStack, inProcess, lines, spawned, user, type Ran } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'cbc-hardening-scn-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const y = (...ls: string[]) => ls.join('\n') + '\n';

/** name, YAML text, the 1-based line:col the message must point at, a word the message must contain. */
const CASES: Array<[string, string, string, RegExp]> = [
  ['YAML syntax: unclosed flow mapping', y('turns:', '  - { reply: hi'), '3:1', /Flow map/],
  ['YAML syntax: unclosed quote', y('turns:', '  - reply: "hi'), '2:12', /quote|string|closed/i],
  ['tab indentation', y('turns:', '\t- reply: hi'), '2:1', /tab/i],
  ['duplicate key', y('turns: []', 'turns: []'), '2:1', /unique|duplicate/i],
  ['two documents', y('turns: []', '---', 'turns: []'), '2:1', /document/i],
  ['top level is a list', y('- reply: hi'), '1:1', /mapping/i],
  ['empty file', '', '1:1', /no scenario/],
  ['unknown top-level key', y('turns: []', 'turnz: []'), '2:1', /unknown key "turnz"/],
  ['misspelled agent key', y('turns:', '  - workflow:', '      phases:', '        - title: A', '          agents:', '            - { label: a, duraton: 1s }'), '6:27', /did you mean "duration"/],
  ['wrong type: turns is a string', y('turns: hello'), '1:8', /array|list/i],
  ['wrong type: tokens is text', y('turns:', '  - workflow:', '      agents:', '        - { label: a, tokens: many }'), '4:31', /number/i],
  ['negative duration', y('turns:', '  - reply: hi', '    delay: -5ms'), '3:12', /negative/],
  ['duration without unit in quotes', y('turns:', '  - reply: hi', '    delay: "500"'), '3:12', /unit|duration/i],
  ['duration over one day', y('turns:', '  - reply: hi', '    delay: 2000m'), '3:12', /day|86/],
  ['empty phases', y('turns:', '  - workflow:', '      phases: []'), '3:15', /at least|empty/i],
  ['phase without agents', y('turns:', '  - workflow:', '      phases:', '        - title: A', '          agents: []'), '5:19', /at least|empty/i],
  ['duplicate agent labels', y('turns:', '  - workflow:', '      phases:', '        - title: A', '          agents:', '            - { label: a }', '            - { label: a }'), '7:', /label/],
  ['phases and agents together', y('turns:', '  - workflow:', '      phases: [{ title: A, agents: [{ label: a }] }]', '      agents: [{ label: b }]'), '4:', /phases|agents/],
  ['outcome failed without error', y('turns:', '  - workflow:', '      outcome: failed', '      agents: [{ label: a }]'), '3:', /error/],
  ['cached and fail together', y('turns:', '  - workflow:', '      agents: [{ label: a, cached: true, fail: boom }]'), '3:', /cached|fail/],
  ['invalid regex', y('turns:', '  - match: { regex: "(" }', '    reply: hi'), '2:21', /regular expression|regex/i],
  ['absolute script path', y('turns:', '  - workflow:', '      script: /etc/passwd', '      agents: [{ label: a }]'), '3:15', /relative/],
  ['.. in a script path', y('turns:', '  - workflow:', '      script: ../../outside.js', '      agents: [{ label: a }]'), '3:15', /\.\./],
  ['__proto__ key', y('turns: []', '__proto__: { polluted: true }'), '2:1', /unknown key "__proto__"/],
  ['constructor key', y('turns:', '  - reply: hi', '    constructor: x'), '3:5', /unknown key "constructor"/],
  ['huge number', y('turns:', '  - workflow:', '      agents: [{ label: a, tokens: 1e300 }]'), '3:', /big|less|max|1000000000000/i],
  ['unmatched policy typo', y('unmatched: ecko', 'turns: []'), '1:12', /echo/],
  ['alias bomb', y('a: &a [x, x, x, x, x, x, x, x, x, x]', 'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]', 'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]', 'd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]', 'turns: []'), ':', /alias/i],
  ['nesting deeper than 64', 'turns: ' + '['.repeat(80) + ']'.repeat(80) + '\n', '1:', /deep|nesting|depth/i],
];

const streamArgs = (file: string) => ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', '--emu-scenario', file];

describe('bad scenario files through the drop-in (issue #9, docs/scenarios.md "Errors")', () => {
  it.each(CASES)('%s → exit 2, one file:line:col message, empty stdout', async (name, text, at, word) => {
    const file = join(dir, `${name.replace(/[^a-z0-9]+/gi, '-')}.yaml`);
    writeFileSync(file, text);
    const r = await inProcess(streamArgs(file), lines(user('hi')));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expectNoStack(r.stderr);
    const ls = r.stderr.trimEnd().split('\n');
    expect(ls[0]).toMatch(/^cbc-emu: invalid scenario .+ \(1 problem\):$/);
    expect(ls).toHaveLength(2);
    const [, line, col] = /^:(\d+):(\d+): /.exec(ls[1]!.slice(file.length)) ?? ['', '', ''];
    expect(ls[1]!.startsWith(`${file}:`), ls[1]).toBe(true);
    expect(`${line}:${col}`.startsWith(at === ':' ? '' : at), `${ls[1]} points at ${at}`).toBe(true);
    expect(ls[1]).toMatch(word);
  });

  it('a missing file → exit 2, what and how to fix, empty stdout (in this process and spawned: the same)', async () => {
    const args = ['-p', 'hi', '--emu-scenario', join(dir, 'missing.yaml')];
    const [r, bin] = await Promise.all([inProcess(args, ''), spawned(args, '')]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expectNoStack(r.stderr);
    expect(r.stderr).toMatch(/^cbc-emu: cannot read scenario .*missing\.yaml \(ENOENT\); check the path/);
    expect(pick(bin)).toEqual(pick(r));
  });

  it('the spawned bin/cbc.js answers a bad file as the entry does: exit 2, the same stderr, empty stdout', async () => {
    const [name, text] = CASES[0]!;
    const file = join(dir, `spawned-${name.replace(/[^a-z0-9]+/gi, '-')}.yaml`);
    writeFileSync(file, text);
    const [r, bin] = await Promise.all([inProcess(streamArgs(file), lines(user('hi'))), spawned(streamArgs(file), lines(user('hi')))]);
    expect(r.code).toBe(2);
    expect(pick(bin)).toEqual(pick(r));
  });
});

/** What a run's caller sees: exit code, stdout, stderr. */
function pick(r: Ran): Pick<Ran, 'code' | 'stdout' | 'stderr'> {
  return { code: r.code, stdout: r.stdout, stderr: r.stderr };
}
