// Real CLI vs emulator, line by line (issue #5 acceptance). For every capture made by `npm run capture`
// (test/golden/real/<cli>/<case>.stdin.json beside its .stdout.ndjson/.rc), the same argv and stdin steps
// are replayed against the built drop-in (its runCli entry, in this process) with the matching profile and test/golden/real/scenarios/capture-model.yaml
// (the capture's fake model as a scenario). Both outputs are normalised (normalize.ts) and compared:
// same frames, same order, same key order, same value types, same exit code. Control replies, system/init
// and results are also compared among themselves (`core …` keys), so a case whose other frames differ
// still compares them. Every divergence is either fixed in the emulator or listed in ALLOWED below, one
// frame kind and key per entry (no whole-case exemption, never the exit code), with a reason that
// docs/fidelity.md also states; an unlisted divergence, or an entry that matches nothing, fails. One `it`
// per capture. Needs neither network nor the real CLIs.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { finished } from 'node:stream/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startInMemory } from '../../dist/testkit/harness.js';
import { ROOT } from '../helpers/run-bin.js';
import { normalizeStdout, type Json } from './normalize.js';
import { diffFrames, diffText, label, type Divergence } from './shape-diff.js';

/** Capture folder → emulator profile. */
const PROFILE_OF: Record<string, string> = {
  'claude-code-2.1.328': 'claude-2.1.328',
  'claude-code-2.1.220': 'claude-2.1.220',
  'cbc-2.117.0': 'cbc-2.117.0',
};
/** Virtual time runs this much faster than the capture; stdin sleeps shrink by the same factor. */
const SPEED = 10;
/** How many more replays a case with unlisted divergences gets (the last at the capture's own speed). */
const RETRIES = 2;
const REAL = join(ROOT, 'test', 'golden', 'real');
const SCENARIO = join(REAL, 'scenarios', 'capture-model.yaml');

type Step = { send: Json } | { sleep: number } | { wait_for: string; timeout?: number } | { close: true };
interface StdinScript {
  about: string;
  args: string[];
  steps: Step[];
}

/** An accepted divergence: `cli` and `case` select captures ('*' = all), `key` matches Divergence.key. */
interface Allowed {
  cli: string | RegExp;
  case: string | RegExp;
  key: RegExp;
  /** Why; the same sentence is in docs/fidelity.md, section "Real-vs-emulator divergences". */
  reason: string;
}

const ANY = /.*/;
const CLAUDE = /^claude-code-/;

/** The known divergences (docs/fidelity.md "Real-vs-emulator divergences" lists every reason). */
const R = {
  resultPosition: 'Where a turn\'s closing assistant text and result fall among the frames of background work that runs meanwhile depends on real model and sub-agent latency (and, replayed at 10x speed, on the load of the machine); the emulator\'s virtual timings may place them a few frames earlier or later.',
  queuedRow: 'Whether a workflow agent row is still queued (no agentId, startedAt, attempt, promptFramed) in a snapshot depends on the real scheduler; the emulator starts every agent of a phase at once.',
  stopSnapshot: 'After stop_task the real CLI emits its error-rows snapshot before the last running snapshot is flushed; the emulator emits the running snapshot first, so the two task_progress frames align crosswise.',
  coalesced220: 'Claude Code 2.1.220 coalesces workflow snapshots (fewer task_progress frames; a row can already be done in the first one); the emulator emits one snapshot per agent change.',
  subagent220: 'Claude Code 2.1.220 streams a background agent\'s own assistant frames (parent_tool_use_id, subagent_type, task_description); the emulator\'s background agent frames follow 2.1.328.',
  cbcAccount: 'With CODEBUDDY_API_KEY set, real cbc 2.117.0 answers initialize with an account object (anonymous_<key>); the emulator answers account null, as cbc does offline without credentials.',
  cbcNoBackground: 'cbc 2.117.0 does not offer the Workflow tool to the model, so its workflow captures have no task events; the emulator plays the scenario\'s workflows as docs/protocol.md describes.',
  cbcNoWorkflowCall: 'Without the Workflow tool the real cbc model answers the workflow prompt with text; the emulator\'s scripted turn calls Workflow, so its assistant frame carries a tool_use block (id, name, input, stop_reason tool_use) and a tool_result user frame follows.',
  cbcNoFollowup: 'The emulator\'s task notification starts the follow-up turn of the scenario (system/init, system/status, file-history-snapshot, assistant, result); real cbc, which started no task, has no notification and no follow-up turn.',
};

/** Kinds of frame whose every extra/missing copy a cbc background or workflow case shows (cbc 2.117.0 runs no task). */
const TASK_FRAMES = /^extra frame system\/task_(started|progress|updated|notification)$/;

const ALLOWED: Allowed[] = [
  // the results themselves are still compared, among the core frames
  { cli: CLAUDE, case: /^(bg_|wf_)/, key: /^(extra|missing) frame (result\/success|assistant)$/, reason: R.resultPosition },
  { cli: CLAUDE, case: 'wf_complete', key: /^system\/task_progress \.workflow_progress\[\]\.(agentId|startedAt|attempt|promptFramed) (extra|missing)$/, reason: R.queuedRow },
  { cli: CLAUDE, case: 'wf_stopped', key: /^((extra|missing) frame system\/task_progress|system\/task_progress \.(last_tool_name|workflow_progress\[\]\.(error|endedWithRun|state)) (extra|missing|value))$/, reason: R.stopSnapshot },
  { cli: 'claude-code-2.1.220', case: /^wf_(complete|failed)$/, key: /^((extra|missing) frame system\/task_progress|system\/task_progress \.workflow_progress(\[\] length|\[\]\.(tokens|toolCalls|durationMs|resultPreview) (missing|extra)|\[\]\.state value))$/, reason: R.coalesced220 },
  { cli: 'claude-code-2.1.220', case: 'bg_agent', key: /^(assistant \.(subagent_type|task_description) missing|assistant \.parent_tool_use_id type|(extra|missing) frame assistant)$/, reason: R.subagent220 },
  { cli: 'cbc-2.117.0', case: ANY, key: /^(core )?control_response\/success \.response\.response\.account type$/, reason: R.cbcAccount },
  { cli: 'cbc-2.117.0', case: /^wf_/, key: TASK_FRAMES, reason: R.cbcNoBackground },
  { cli: 'cbc-2.117.0', case: /^wf_/, key: /^(assistant \.message\.content\[\]\.(id|name|input) extra|assistant \.message\.content\[\]\.text missing|assistant \.message\.content\[\]\.type value|assistant \.message\.stop_reason type)$/, reason: R.cbcNoWorkflowCall },
  { cli: 'cbc-2.117.0', case: /^wf_/, key: /^extra frame user$/, reason: R.cbcNoWorkflowCall },
  { cli: 'cbc-2.117.0', case: /^wf_(complete|failed|stopped)$/, key: /^extra frame (system\/status|file-history-snapshot|assistant)$/, reason: R.cbcNoFollowup },
  { cli: 'cbc-2.117.0', case: /^wf_(complete|failed|stopped)$/, key: /^(core )?extra frame (system\/init|result\/success)$/, reason: R.cbcNoFollowup },
];

/**
 * How long a wait step waits, in ms, at `scale` (test/capture/steps.mjs, the surface replays' rule): the capture's
 * timeout shrinks with the virtual clock, never below 2 s. A guard at twice the capture's real-time timeout held a
 * cbc background case for 50 s on a `task_notification` the cbc profile never writes (issue #21).
 */
const { waitMs } = (await import(pathToFileURL(join(ROOT, 'test', 'capture', 'steps.mjs')).href)) as { waitMs: (st: { timeout?: number }, scale: number) => number };

/** The base cases capture.mjs ran with Claude's user settings (bypass: true), and those settings (its CLIS, one place). */
const { CASES } = (await import(pathToFileURL(join(ROOT, 'test', 'capture', 'cases.mjs')).href)) as { CASES: { name: string; bypass?: boolean }[] };
const { CLIS } = (await import(pathToFileURL(join(ROOT, 'test', 'capture', 'capture.mjs')).href)) as { CLIS: Record<string, { settings?: unknown }> };
const BYPASS = new Set(CASES.filter((c) => c.bypass === true).map((c) => c.name));
const CAPTURE_SETTINGS = CLIS['claude-2.1.328']?.settings;

const temps: string[] = [];
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

/** Replays `script` against the emulator; resolves to stdout, exit code and the run's paths. */
function replay(profile: string, script: StdinScript, speed = SPEED, settings?: unknown): Promise<{ stdout: string; rc: string; cwd: string; home: string }> {
  const cwd = mkdtempSync(join(tmpdir(), 'cbc-emu-cmp-'));
  temps.push(cwd);
  const home = join(cwd, '.emu-home');
  const args = [...script.args, '--emu-profile', profile, '--emu-speed', String(speed), '--emu-seed', '7', '--emu-home', home, '--emu-scenario', SCENARIO];
  // the user settings capture.mjs wrote for a Claude bypass case (its allow rules: the tool_result_meta of a call they
  // allow names them), under a HOME of this run's own
  let env: NodeJS.ProcessEnv = process.env;
  if (settings !== undefined) {
    const user = join(cwd, '.user-home');
    mkdirSync(join(user, '.claude'), { recursive: true });
    writeFileSync(join(user, '.claude', 'settings.json'), JSON.stringify(settings));
    env = { ...process.env, HOME: user };
  }
  // the drop-in's entry (runCli) in this process, as bin/cbc.js runs it: no case here sends a signal, and a node
  // spawn plus its yaml scenario load cost ~0.2 s of CPU each (issue #21); bin/cbc.js is covered by test/integration
  const child = startInMemory({ argv: args, env, cwd });
  const out: Buffer[] = [];
  child.stdout.on('data', (b: Buffer) => out.push(b));
  child.stderr.resume();
  const text = () => Buffer.concat(out).toString('utf8');
  const exited = child.exit.then(async (code) => {
    await Promise.all([finished(child.stdout), finished(child.stderr)]);
    return String(code);
  });
  let done = false;
  void exited.then(() => (done = true));
  const lastTaskId = () => {
    let id: unknown;
    for (const l of text().split('\n')) {
      try {
        const f = JSON.parse(l) as Record<string, unknown>;
        if (f['subtype'] === 'task_started') id = f['task_id'];
      } catch {
        /* partial line */
      }
    }
    return String(id);
  };
  /**
   * Waits for an event: `needle` on stdout, or the emulator's exit. The capture's own timeout, scaled as the
   * clock is (waitMs), is a guard, never a timed assertion: a text the real CLI did not write within it is not
   * waited for longer (reaching it too early on a loaded machine shows up as divergences, and the last retry
   * runs at the capture's own speed).
   */
  const waitFor = (needle: string, guardMs: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!done && !text().includes(needle)) return;
        child.stdout.off('data', check);
        clearTimeout(guard);
        resolve();
      };
      const guard = setTimeout(() => {
        child.stdout.off('data', check);
        resolve();
      }, guardMs);
      child.stdout.on('data', check);
      void exited.then(check);
      check();
    });
  const killer = setTimeout(() => child.stdin.end(), 100_000); // a guard only: the drop-in exits at EOF
  return (async () => {
    for (const st of script.steps) {
      if ('sleep' in st) await new Promise((r) => setTimeout(r, (st.sleep * 1000) / speed));
      else if ('wait_for' in st) await waitFor(st.wait_for, waitMs(st, speed));
      else if ('send' in st) {
        const line = typeof st.send === 'string' ? st.send : JSON.stringify(st.send).replace('{task_id}', lastTaskId());
        if (!done) child.stdin.write(line + '\n');
      } else child.stdin.end();
    }
    child.stdin.end();
    const rc = await exited;
    clearTimeout(killer);
    return { stdout: text(), rc, cwd, home };
  })();
}

/** Every replayable capture: a folder of PROFILE_OF with `<case>.stdin.json`. */
const captures = Object.keys(PROFILE_OF).flatMap((cli) => {
  const dir = join(REAL, cli);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.stdin.json'))
    .map((f) => ({ cli, name: f.slice(0, -'.stdin.json'.length), dir }));
});

/** Control replies, system/init and results: compared in every case, whatever else the case does. */
const isCore = (f: Json) => ['control_response', 'result'].includes(label(f).split('/')[0] ?? '') || label(f) === 'system/init';

const used = new Set<Allowed>();
const test = (m: string | RegExp, s: string) => (typeof m === 'string' ? m === '*' || m === s : m.test(s));

describe('real CLI captures vs the emulator (normalised, line by line)', () => {
  it('finds the captures of npm run capture', () => {
    expect(captures.length).toBeGreaterThan(0);
  });

  // the replays run side by side (vitest's maxConcurrency, 5 at a time): each is mostly asleep in its stdin
  // script's real-time sleeps and waits (28 s of wall for 3.6 s of CPU one after another; issue #21); the
  // allow-list checks below run after this block, once every replay has filled `used`
  describe.concurrent('each capture', () => {
    for (const c of captures) {
      it(`${c.cli} ${c.name}`, async ({ expect }) => {
        const script = JSON.parse(readFileSync(join(c.dir, `${c.name}.stdin.json`), 'utf8')) as StdinScript;
        const realOut = readFileSync(join(c.dir, `${c.name}.stdout.ndjson`), 'utf8');
        const realRc = readFileSync(join(c.dir, `${c.name}.rc`), 'utf8').trim();
        /** One replay's divergences that no allow-list entry covers, and the entries that covered the others. */
        const judge = async (speed: number) => {
          const emu = await replay(PROFILE_OF[c.cli]!, script, speed, CLAUDE.test(c.cli) && BYPASS.has(c.name) ? CAPTURE_SETTINGS : undefined);
          // the capture ran in <cache>/run/{work,home,tmp}: recover the root from its own system/init cwd
          const realCwd = /"cwd":"([^"]+)\/work"/.exec(realOut)?.[1];
          const realPaths = realCwd ? { cwd: `${realCwd}/work`, home: `${realCwd}/home`, other: [`${realCwd}/tmp`, realCwd] } : { cwd: '/nonexistent' };
          const a = normalizeStdout(realOut, realPaths);
          const b = normalizeStdout(emu.stdout, { cwd: emu.cwd, home: emu.home, other: [tmpdir()] });
          const divs: Divergence[] = [];
          if (realRc !== emu.rc) divs.push({ key: 'exit code', detail: `real ${realRc}, emulator ${emu.rc}` });
          if (a.kind === 'frames' && b.kind === 'frames') {
            divs.push(...diffFrames(a.frames, b.frames));
            // the frames every case can compare, aligned among themselves: control replies, init, results
            divs.push(...diffFrames(a.frames.filter(isCore), b.frames.filter(isCore)).map((d) => ({ key: `core ${d.key}`, detail: d.detail })));
          }
          else if (a.kind === 'text' && b.kind === 'text') divs.push(...diffText(a.lines, b.lines));
          else divs.push({ key: 'output kind', detail: `real ${a.kind}, emulator ${b.kind}` });
          const unlisted: string[] = [];
          const hits = new Set<Allowed>();
          for (const d of divs) {
            if (process.env['DUMP_DIVS']) console.log(`DIV ${c.cli} ${c.name}: ${d.key} — ${d.detail.slice(0, 120)}`);
            const hit = ALLOWED.find((x) => test(x.cli, c.cli) && test(x.case, c.name) && x.key.test(d.key));
            if (hit) hits.add(hit);
            else unlisted.push(`${d.key} — ${d.detail}`);
          }
          return { unlisted, hits };
        };
        // the stdin script runs in real time against a 10x virtual clock, so on a loaded machine a background or
        // workflow frame can land elsewhere: a replay with unlisted divergences is replayed up to RETRIES more
        // times, the last at the capture's own speed (as test/golden/surface-compare/ does); the case passes only if one
        // replay shows no unlisted divergence, and only that replay's allow-list entries count as used
        let outcome = await judge(SPEED);
        for (let n = 1; outcome.unlisted.length > 0 && n <= RETRIES; n++) {
          const again = await judge(n === RETRIES ? 1 : SPEED);
          if (again.unlisted.length > 0) continue;
          console.warn(`${c.cli} ${c.name}: replay ${n + 1} showed no unlisted divergence; the first showed:\n${outcome.unlisted.join('\n')}`);
          outcome = again;
        }
        const unlisted = outcome.unlisted;
        for (const hit of outcome.hits) used.add(hit);
        expect(unlisted.join('\n'), `${c.cli} ${c.name} (${script.about}): unlisted divergences`).toBe('');
      }, 120_000); // real-time steps of up to ~45 s (wait_for timeouts) on a loaded machine
    }
  });

  it('no allow-list entry exempts a whole case, the exit code or the output kind (issue #17)', () => {
    // a narrow entry names its frame kind: it cannot match a divergence of a frame kind nobody listed
    const probes = ['exit code', 'output kind', 'text line', 'text line count', 'extra frame zz_probe', 'missing frame zz_probe', 'zz_probe .x missing', 'core extra frame zz_probe', 'core zz_probe .x type'];
    for (const x of ALLOWED) expect(probes.filter((p) => x.key.test(p)), `${String(x.cli)} ${String(x.case)} ${String(x.key)}`).toEqual([]);
  });

  it('every allow-list entry is used and its reason is in docs/fidelity.md', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'fidelity.md'), 'utf8');
    for (const x of ALLOWED) expect(doc, `docs/fidelity.md states: ${x.reason}`).toContain(x.reason);
    expect(ALLOWED.filter((x) => !used.has(x)).map((x) => `${String(x.cli)} ${String(x.case)} ${String(x.key)}`)).toEqual([]);
  });
});

