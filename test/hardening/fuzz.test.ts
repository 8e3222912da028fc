// The fuzzer against hostile consumers (issue #18 class 7): a consumer that floods its output does not
// grow the campaign's memory; background children (in the group, or escaped with setsid) holding
// stdout neither hang the campaign nor outlive it; a SIGTERM'd campaign leaves no temp folder behind.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodePlan } from '../../dist/tools/fuzz/plan.js';
import { ROOT, runNode } from '../helpers/run-bin.js';
import { expectNoStack } from './helpers.js';

const EMU = join(ROOT, 'bin', 'cbc-emu.js');
const SCENARIO = join(ROOT, 'scenarios', 'default.yaml');
const TOKEN = encodePlan({ v: 1, seed: 1, emu: 'hardening', p: {} });
const dir = mkdtempSync(join(tmpdir(), 'cbc-hardening-fuzz-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Spawns `node <args>` with `env` added; `onStart` gets the child's pid (to signal it). */
const node = (args: string[], env: NodeJS.ProcessEnv = {}, onStart?: (pid: number) => void) => runNode(args, '', { env, ...(onStart ? { onSpawn: onStart } : {}) });

/** Whether `pid` is a live process (a zombie nobody reaps holds nothing and counts as gone). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return !['Z', 'X'].includes(stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3));
  } catch {
    return false;
  }
}

/** The pids a consumer wrote to `file`, one a line. */
const pidsIn = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter((l) => l !== '').map(Number) : []);

/** Resolves once `test()` holds, polling (no time bound but the test's own timeout). */
async function until(test: () => boolean): Promise<void> {
  while (!test()) await new Promise((r) => setTimeout(r, 50));
}

describe('7. the fuzzer vs hostile consumers', () => {
  it('--consumer "yes": the fuzz process stays under 300 MB (bounded head/tail of the output), verdict timeout', async () => {
    // runFuzz in a child of its own, so its peak RSS is the campaign's alone
    const script = `const { main } = await import(${JSON.stringify(join(ROOT, 'dist', 'cli', 'emu.js'))});
const code = await main(['fuzz', '--replay', ${JSON.stringify(TOKEN)}, '--scenario', ${JSON.stringify(SCENARIO)}, '--consumer', 'yes', '--timeout', '4000']);
process.stderr.write('\\nMAXRSS_KB ' + process.resourceUsage().maxRSS + '\\n');
process.exitCode = code;`;
    const r = await node(['--input-type=module', '-e', script]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain('verdict: timeout');
    expect(r.stdout).toMatch(/bytes of output, \d+ of them not kept/);
    const kb = Number(/MAXRSS_KB (\d+)/.exec(r.stderr)?.[1]);
    expect(kb).toBeGreaterThan(0);
    expect(kb / 1024, 'peak RSS of the fuzz process in MB').toBeLessThan(300);
  }, 120_000);

  it.each([
    ['a background child in the group', 'sleep 1000 & echo $! >> "$PIDS"; echo started'],
    ['a setsid grandchild that left the group', 'setsid sleep 1000 & echo $! >> "$PIDS"; sleep 1000 & echo $! >> "$PIDS"; echo started'],
  ])('%s holding stdout: the campaign ends and no process of the run is left', async (_name, consumer) => {
    const pids = join(dir, `pids-${Math.random().toString(36).slice(2)}`);
    const r = await node([EMU, 'fuzz', '--replay', TOKEN, '--scenario', SCENARIO, '--consumer', consumer, '--timeout', '600000'], { PIDS: pids });
    expect(r.code, r.stderr).toBe(1); // the consumer never ran the emulator: not a pass
    expect(r.stdout).toContain('verdict: no-emulator');
    expectNoStack(r.stderr);
    const left = pidsIn(pids);
    expect(left.length).toBeGreaterThan(0);
    for (const pid of left) expect(alive(pid), `pid ${pid} outlived the campaign`).toBe(false);
  }, 120_000);

  it('SIGTERM to a campaign: exit 143, its runs are killed and its temp work folder is gone', async () => {
    const tmp = join(dir, 'tmp');
    mkdirSync(tmp, { recursive: true });
    const pids = join(dir, 'pids-term');
    const work = join(tmp, 'cbc-emu-fuzz');
    let fuzzPid = 0;
    const ended = node([EMU, 'fuzz', '--scenario', SCENARIO, '--consumer', 'echo $$ >> "$PIDS"; setsid sleep 1000 & echo $! >> "$PIDS"; exec sleep 1000', '--runs', '3', '--timeout', '600000', '--out', join(dir, 'out')], { TMPDIR: tmp, PIDS: pids }, (pid) => (fuzzPid = pid));
    // the first run is under way once its consumer wrote both pids
    await until(() => pidsIn(pids).length >= 2);
    expect(readdirSync(work).length, 'a campaign folder exists while it runs').toBe(1);
    process.kill(fuzzPid, 'SIGTERM');
    const r = await ended;
    expect(r.code, r.stderr).toBe(143);
    expect(readdirSync(work), 'nothing left in the temp dir').toEqual([]);
    for (const pid of pidsIn(pids)) expect(alive(pid), `pid ${pid} outlived the campaign`).toBe(false);
  }, 120_000);
});
