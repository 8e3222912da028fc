// `cbc-emu` on commander (issue #15): --help and --version on the program and every subcommand (exit 0,
// usage on stdout), one usage policy (exit 2, ONE line naming the problem + a hint line on stderr), --x=y
// everywhere, `demo --profile=claude` runs claude, `run --help` is the emulator's page while the emulated
// CLI's help stays byte-identical. Shipped scenarios by name (issue #20): `cbc-emu scenarios`,
// --emu-scenario / CBC_EMU_SCENARIO names, a clear error for an unknown name.
// The per-command help/version pages and the usage-error table run `cbc-emu` in this process through its entry
// (dist/cli/emu.js main, what bin/cbc-emu.js calls): ~70 node spawns were ~11 s of the suite's CPU (issue #21).
// bin/cbc-emu.js itself is spawned for the overview, --version, two usage errors, `run` (the drop-in's help
// through the tool), schema, scenarios, fuzz --list/--replay, replay, demo and shipped scenarios by name.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emuInProcess } from '../helpers/emu-in-process.js';
import { CBC_BIN, ROOT } from '../helpers/run-bin.js';

const EMU = join(ROOT, 'bin', 'cbc-emu.js');
const dir = mkdtempSync(join(tmpdir(), 'cbc-emu-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** bin/cbc-emu.js spawned. */
const emu = (args: string[], opts: { input?: string; env?: NodeJS.ProcessEnv } = {}) =>
  spawnSync(process.execPath, [EMU, ...args], { cwd: ROOT, input: opts.input ?? '', encoding: 'utf8', env: { ...process.env, ...opts.env }, timeout: 60_000 });
/** The same command through the tool's entry in this process: help, version and usage errors (commander's output goes to
 * the given streams), and commands that write through them; `schema`, `scenarios` and `fuzz --list/--replay` write to process.stdout/stderr. */
const inProc = emuInProcess;
type Ran = { status: number | null; stdout: string; stderr: string };
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const COMMANDS = ['run', 'shims', 'schema', 'scenarios', 'demo', 'check', 'report', 'record', 'replay', 'import', 'fuzz', 'fuzz merge'];

/** The usage policy: exit 2, stdout empty, stderr = one `cbc-emu: <cmd>: …` line + the hint line. */
function expectUsageError(r: Ran, cmd: string, problem: RegExp): void {
  expect(r.status, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.split('\n');
  expect(lines).toHaveLength(3); // two lines and the final newline
  expect(lines[0]).toMatch(new RegExp(`^cbc-emu:${cmd ? ` ${cmd}:` : ''} `));
  expect(lines[0]).toMatch(problem);
  expect(lines[1]).toBe(`Run "cbc-emu${cmd ? ` ${cmd}` : ''} --help" for usage.`);
  expect(lines[2]).toBe('');
}

describe('help and version (issue #15)', () => {
  it('cbc-emu, cbc-emu --help, -h and `help` print the overview listing every command, exit 0', () => {
    for (const args of [[], ['--help'], ['-h'], ['help']]) {
      const r = emu(args);
      expect(r.status, args.join(' ')).toBe(0);
      expect(r.stdout).toMatch(/^Usage: cbc-emu <command> \[options\]/);
      for (const c of COMMANDS.filter((x) => !x.includes(' '))) expect(r.stdout).toMatch(new RegExp(`^ {2}${c} `, 'm'));
      expect(r.stdout).toContain('Exit codes:');
      expect(r.stderr).toBe('');
    }
  });

  for (const cmd of COMMANDS) {
    it(`cbc-emu ${cmd} --help and -h print its usage and exit 0; --version and -V print the package version`, async () => {
      const args = cmd.split(' ');
      for (const flag of ['--help', '-h']) {
        const r = await inProc([...args, flag]);
        expect(r.status, r.stderr).toBe(0);
        expect(r.stdout).toMatch(new RegExp(`^Usage: cbc-emu ${cmd} `));
        expect(r.stdout).toMatch(/Exit codes/);
        expect(r.stderr).toBe('');
      }
      for (const flag of ['--version', '-V']) {
        const r = await inProc([...args, flag]);
        expect(r.status).toBe(0);
        expect(r.stdout).toBe(`${VERSION}\n`);
      }
    });
  }

  it('cbc-emu --version prints package.json\'s version', () => {
    const r = emu(['--version']);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`${VERSION}\n`);
  });

  it('schema --help and demo --help print help, not the schema or the demo', async () => {
    expect((await inProc(['schema', '--help'])).stdout).not.toContain('"$schema"');
    expect(emu(['schema']).stdout).toContain('"$schema"');
    const demo = await inProc(['demo', '--help']);
    expect(demo.stdout).not.toContain('control_response');
    expect(demo.stdout).toContain('--profile <name>');
  });

  it('run --help documents every emulator setting; the emulated CLI\'s help stays byte-identical', () => {
    const r = emu(['run', '--help']);
    expect(r.status).toBe(0);
    for (const s of ['--emu-scenario', '--emu-profile', '--emu-seed', '--emu-speed', '--emu-home', '--emu-journal', '--emu-replay', '--emu-bridge', 'CBC_EMU_SCENARIO', 'CBC_EMU_LOG_LEVEL']) expect(r.stdout).toContain(s);
    const real = spawnSync(process.execPath, [CBC_BIN, '--help'], { encoding: 'utf8' }).stdout;
    expect(real).not.toContain('--emu-');
    expect(emu(['run', '--', '--help']).stdout).toBe(real);
    expect(emu(['run', '-p', '--help']).stdout).toBe(spawnSync(process.execPath, [CBC_BIN, '-p', '--help'], { encoding: 'utf8' }).stdout);
    expect(emu(['run', '--emu-profile=claude', '--help']).stdout).toContain('Usage: claude');
  });
});

describe('one usage policy: exit 2, one line naming the problem, a hint (issue #15)', () => {
  it.each([
    [['nope'], '', /unknown command 'nope'/],
    [['chek'], '', /unknown command 'chek' \(Did you mean check\?\)/],
    [['check', '--jsn', 'x'], 'check', /unknown option '--jsn' \(Did you mean --json\?\)/],
    [['check'], 'check', /missing required argument 'file\|-'/],
    [['check', 'a', 'b'], 'check', /too many arguments/],
    [['check', '--profile=bad', 'x'], 'check', /argument 'bad' is invalid\. Allowed choices are auto, cbc/],
    [['report', '-'], 'report', /reading stdin needs --out <file>/],
    [['report', 'x', '--out'], 'report', /option '-o, --out <file>' argument missing/],
    [['record', '--', 'node'], 'record', /required option '--out <cassette>' not specified/],
    [['record', '--out', join(dir, 'r.ndjson'), '--redact', '(', '--', 'node'], 'record', /--redact "\(" is neither a \$\.path nor a valid regular expression/],
    [['replay', 'c.ndjson', '--emu-speed=fast'], 'replay', /'--emu-speed <factor>' argument 'fast' is invalid/],
    [['import', 'c.ndjson'], 'import', /required option '--out <scenario.yaml>' not specified/],
    [['fuzz', '--consumer', 'true'], 'fuzz', /missing --scenario <name\|file>/],
    [['fuzz', '--runs=0'], 'fuzz', /'--runs <n>' argument '0' is invalid/],
    [['fuzz', '--shard', '3/2'], 'fuzz', /'--shard <i\/n>' argument '3\/2' is invalid/],
    [['fuzz', '--scenario', 'deep-research', '--consumer', 'true', '--perturb=zzz'], 'fuzz', /unknown perturbation "zzz"; known: coalesce/],
    [['fuzz', '--scenario', 'no-such-name', '--consumer', 'true'], 'fuzz', /no shipped scenario is named "no-such-name"; use one of .*deep-research/],
    [['fuzz', 'extra'], 'fuzz', /too many arguments/],
    [['fuzz', 'merge'], 'fuzz merge', /missing required argument 'reports'/],
    [['demo', '--profile=nope'], 'demo', /argument 'nope' is invalid\. Allowed choices are cbc, .*claude/],
    [['shims', 'extra'], 'shims', /too many arguments/],
  ])('cbc-emu %j', async (args, cmd, problem) => {
    expectUsageError(await inProc(args), cmd, problem);
  });

  it('the spawned tool follows the same policy (bin/cbc-emu.js exits 2 with the two lines)', () => {
    expectUsageError(emu(['chek']), '', /unknown command 'chek' \(Did you mean check\?\)/);
    expectUsageError(emu(['check', '--jsn', 'x']), 'check', /unknown option '--jsn' \(Did you mean --json\?\)/);
  });

  it('--x=y works for replay, import and fuzz', async () => {
    const cassette = join(dir, 'c.ndjson');
    writeFileSync(cassette, JSON.stringify({ cassette: 'cbc-emulator', version: 1, command: 'cbc', argv: [], env: {}, recorded_at: '2026-01-01T00:00:00.000Z' }) + '\n' + JSON.stringify({ t: 1, dir: 'out', frame: { type: 'system', subtype: 'init', session_id: 's' } }) + '\n' + JSON.stringify({ t: 2, exit: 0, signal: null }) + '\n');
    const played = emu(['replay', cassette, '--emu-speed=0']);
    expect(played.status, played.stderr).toBe(0);
    expect(played.stdout).toContain('"subtype":"init"');
    const out = join(dir, 'imported.yaml');
    const imported = await inProc(['import', cassette, `--out=${out}`, '--name=from-eq']);
    expect(imported.status, imported.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('name: from-eq');
    const listed = emu(['fuzz', '--list', '--runs=3']);
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(/^late-progress +legal/m);
    const replayed = emu(['fuzz', '--scenario=deep-research', '--consumer=true', '--replay=e30']);
    expect(replayed.status).toBe(2);
    expect(replayed.stderr).toContain('fuzz token has no {v:1, seed, emu, p}');
  });
});

describe('demo and shipped scenarios by name (issue #20)', () => {
  it('demo --profile=claude runs the claude profile', () => {
    const r = emu(['demo', '--profile=claude']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('--emu-profile claude ');
    expect(r.stdout).toContain('system/task_started local_workflow deep-research');
  });

  it('cbc-emu scenarios lists every shipped scenario, one line each with its description', async () => {
    const r = emu(['scenarios']);
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.map((l) => l.split(/\s+/)[0])).toEqual(['background-tasks', 'cached-agents', 'concurrent-workflows', 'deep-research', 'default', 'failing-workflow', 'long-run', 'no-phases', 'permissions']);
    for (const l of lines) expect(l).toMatch(/^\S+ +\S.{20,}$/);
  });

  it('--emu-scenario <name> and CBC_EMU_SCENARIO=<name> play the shipped file; a path still works', () => {
    const args = ['-p', '/deep-research topic=x', '--output-format', 'json', '--emu-speed', '0', '--emu-seed', '1', '--emu-home', dir];
    const byName = spawnSync(process.execPath, [CBC_BIN, ...args, '--emu-scenario', 'long-run'], { encoding: 'utf8' });
    const byEnv = spawnSync(process.execPath, [CBC_BIN, ...args], { encoding: 'utf8', env: { ...process.env, CBC_EMU_SCENARIO: 'long-run' } });
    const byPath = spawnSync(process.execPath, [CBC_BIN, ...args, '--emu-scenario', join(ROOT, 'scenarios', 'long-run.yaml')], { encoding: 'utf8' });
    expect(byName.status, byName.stderr).toBe(0);
    expect((JSON.parse(byName.stdout) as { result: string }).result).toBe('Long run finished.');
    expect(JSON.parse(byEnv.stdout)).toMatchObject({ result: 'Long run finished.' });
    expect(JSON.parse(byPath.stdout)).toMatchObject({ result: 'Long run finished.' });
  });

  it('an unknown name is exit 2 (as an unreadable scenario file) with the names listed', () => {
    const r = spawnSync(process.execPath, [CBC_BIN, '-p', 'x', '--emu-scenario', 'deep-reserch'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'cbc-emu: no shipped scenario is named "deep-reserch"; use one of background-tasks, cached-agents, concurrent-workflows, deep-research, default, failing-workflow, long-run, no-phases, permissions (cbc-emu scenarios lists them), or a path to a scenario file (./deep-reserch for a file without extension)\n',
    );
  });
});
