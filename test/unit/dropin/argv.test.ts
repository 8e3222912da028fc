// The drop-in's argv parsing (issue #15): the commander-free fast path (src/dropin/argv.ts) must agree with
// commander (src/dropin/program.ts) on every argv it accepts, and decline what commander refuses or answers
// (help, version). Argv is generated from each profile's own table, plus unknown and malformed tokens.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { scanArgv } from '../../../src/dropin/argv.js';
import { commandLine } from '../../../src/dropin/options.js';
import { parseWithCommander } from '../../../src/dropin/program.js';

const PROFILES = ['cbc', 'claude-2.1.220', 'claude-2.1.328'];

function tokens(helpName: string): fc.Arbitrary<string[]> {
  const cl = commandLine(helpName);
  const names = cl.options.flatMap((o) => o.names);
  const values = [...new Set(cl.options.flatMap((o) => o.choices ?? []))];
  const token = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...names) },
    { weight: 3, arbitrary: fc.constantFrom('hi', 'Read,Edit', '12', 'x', '-', ...values) },
    { weight: 1, arbitrary: fc.constantFrom(...names).map((n) => `${n}=v`) },
    { weight: 1, arbitrary: fc.constantFrom('--verbos', '-pc', '-pz', '--', '--print=yes', '-dapi', '--max-turns=3', '--zz') },
  );
  return fc.array(token, { maxLength: 8 });
}

describe('fast path = commander', () => {
  it.each(PROFILES)('%s: where the fast path parses, commander gives the same values; where commander refuses, the fast path declines', (helpName) => {
    const cl = commandLine(helpName);
    fc.assert(
      fc.property(tokens(helpName), (argv) => {
        const fast = scanArgv(cl, argv);
        const slow = parseWithCommander(cl, argv);
        if (fast) expect(slow).toEqual({ kind: 'args', args: fast });
        if (slow.kind !== 'args') expect(fast).toBeUndefined();
      }),
      { numRuns: 400 },
    );
  });

  it.each<[string, string[], unknown]>([
    ['cbc', ['-p', '--allowedTools', 'Read', 'Edit', '--model', 'm', 'prompt'], { flags: new Map<string, unknown>([['print', true], ['allowedTools', ['Read', 'Edit']], ['model', 'm']]), positionals: ['prompt'] }],
    ['cbc', ['--tools', 'Bash', 'the prompt'], { flags: new Map([['tools', 'Bash']]), positionals: ['the prompt'] }],
    ['claude-2.1.328', ['--tools', 'Bash', 'the prompt'], { flags: new Map([['tools', ['Bash', 'the prompt']]]), positionals: [] }],
    ['claude-2.1.328', ['--allowed-tools=Read', '-r'], { flags: new Map<string, unknown>([['allowedTools', ['Read']], ['resume', true]]), positionals: [] }],
  ])('%s %j', (helpName, argv, expected) => {
    expect(scanArgv(commandLine(helpName), argv)).toEqual(expected);
  });

  it('declines bundles, help and version (commander answers them)', () => {
    const cl = commandLine('cbc');
    for (const argv of [['-pc'], ['--help'], ['-V'], ['--', 'x'], ['--model']]) expect(scanArgv(cl, argv)).toBeUndefined();
    expect(parseWithCommander(cl, ['-pc', 'x'])).toEqual({ kind: 'args', args: { flags: new Map([['print', true], ['continue', true]]), positionals: ['x'] } });
  });
});

describe('CommandLine.find (#21 session 14: an option is read when first looked at)', () => {
  it.each(PROFILES)('%s: finds what a scan of every option finds, for every name and near misses, before and after all are read', async (helpName) => {
    // a command line of a fresh copy of the module, whose options nothing has read yet
    vi.resetModules();
    const fresh = ((await import('../../../src/dropin/options.js')) as typeof import('../../../src/dropin/options.js')).commandLine(helpName);
    const reference = commandLine(helpName).options;
    const names = reference.flatMap((o) => o.names);
    const probes = [...names, ...names.map((n) => n.slice(0, -1)), ...names.map((n) => `${n}x`), '-', '--', '--emu', '-p,', 'print', '<value>'];
    const first = (t: string) => reference.find((o) => o.names.includes(t));
    const before = probes.map((t) => fresh.find(t));
    expect(before.filter((s) => s !== undefined).length).toBeGreaterThanOrEqual(names.length);
    expect(before).toEqual(probes.map(first));
    // once all are read, `find` gives the very objects `options` lists (first in the table's order wins)
    expect(fresh.options).toEqual(reference);
    probes.forEach((t, i) => expect(fresh.find(t), t).toBe(before[i]));
    probes.forEach((t) => expect(fresh.find(t), t).toBe(fresh.options.find((o) => o.names.includes(t))));
  });
});
