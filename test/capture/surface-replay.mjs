// The replay and value comparison of the surface captures (issue #16), shared by compare.mjs (the command that
// writes test/golden/real/surface-results.json) and test/golden/surface-compare/ (the CI check that the
// emulator still gives exactly those results): each capture's stdin record is replayed against the built drop-in
// (its runCli entry in this process, bin/cbc.js for a case that sends a signal: see emulate) with
// the matching profile and test/golden/real/scenarios/surface-model.yaml, both outputs are normalised, and
// value-diff.mjs lists the divergences as `{key, detail}` (key: frame kind and what differs, no values).
// Needs `npm run build` first.
import { spawn } from 'node:child_process';
import { finished } from 'node:stream/promises';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { normalizeStdout, normalizeString, Placeholders } from '../golden/normalize.ts';
import { CLIS } from './capture.mjs';
import { CASES } from './cases.mjs';
import { SURFACE_CASES } from './surface-cases.mjs';
import { playSteps } from './steps.mjs';
import { diffLines, diffValues } from './value-diff.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const REAL = join(ROOT, 'test', 'golden', 'real');
const BIN = join(ROOT, 'bin', 'cbc.js');
const SCENARIO = join(REAL, 'scenarios', 'surface-model.yaml');

/**
 * surface-model.yaml compiled once per process (as `cbc-emu fuzz` does per campaign, issue #21): each replay's
 * emulator reads the JSON (CBC_EMU_SCENARIO_COMPILED, used only while the YAML reads as it did when compiled) instead of
 * loading yaml and zod, ~130 ms of CPU per replay. Built from dist/ (npm run build), like the replayed binary.
 */
let compiled;
async function compiledScenario() {
  compiled ??= (async () => {
    const { compileScenario } = await import(new URL('../../dist/tools/fuzz/validate.js', import.meta.url).href);
    const dir = mkdtempSync(join(tmpdir(), 'cbc-emu-surface-scenario-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const file = compileScenario(SCENARIO, dir);
    if (file === undefined) throw new Error(`${SCENARIO} does not survive JSON: it cannot be compiled`);
    return file;
  })();
  return compiled;
}
export const RESULTS = join(REAL, 'surface-results.json');
/** Surface CLI id → capture folder and emulator profile. */
export const TARGETS = {
  'cbc-2.117.0': { dir: 'cbc-2.117.0', profile: 'cbc-2.117.0' },
  'claude-2.1.220': { dir: 'claude-code-2.1.220', profile: 'claude-2.1.220' },
  'claude-2.1.328': { dir: 'claude-code-2.1.328', profile: 'claude-2.1.328' },
};
/** Virtual time runs this much faster than the capture; stdin sleeps shrink by the same factor. */
const SPEED = 10;

/** The drop-in's entry (runCli) over in-memory streams: dist/testkit/harness.js, loaded on first use. */
let harness;

/**
 * Runs the emulator once with `args` and `steps` in `cwd`; resolves to `{stdout, stderr, rc}`. Every case runs
 * the drop-in's entry (runCli, with this run's argv, env and cwd) in this process: a node spawn each cost ~70 ms of
 * CPU, most of the suite's (issue #21). A signal step reaches the run through its signal port (startInMemory's
 * `signals`: the same handler a process's signal calls, and a death by the signal reported as `signal <name>`, as
 * a spawned process's close reports it); CBC_EMU_SURFACE_SPAWN=1 spawns bin/cbc.js for every case instead. The
 * spawned binary's own signal path is covered by test/hardening and test/integration (signals, exit codes).
 */
async function emulate(profile, args, steps, cwd, env, realTime = false) {
  const home = join(cwd, '..', 'emu-home');
  // a signal lands in a phase only in real time: the emulator runs at real speed too, so a turn still runs when it comes
  const signals = steps.some((st) => 'signal' in st);
  const speed = signals || realTime ? 1 : SPEED;
  // the emulator's own settings go in its environment, so argv is exactly the captured one (an option left without
  // its value at the end of argv must not take an --emu-* flag for it: opt_model_missing_value_ft)
  const argv = [...args];
  env = { ...env, CBC_EMU_PROFILE: profile, CBC_EMU_SPEED: String(speed), CBC_EMU_SEED: '7', CBC_EMU_HOME: home, CBC_EMU_SCENARIO: SCENARIO };
  let child;
  if (process.env.CBC_EMU_SURFACE_SPAWN === '1') child = spawn(process.execPath, [BIN, ...argv], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  else {
    harness ??= await import(new URL('../../dist/testkit/harness.js', import.meta.url).href);
    const run = harness.startInMemory({ argv, env, cwd, signals: true });
    // a signal goes to the run's handler as the OS would deliver it; the 60 s guard's SIGKILL can end stdin only
    const kill = (sig) => (sig === 'SIGKILL' ? run.stdin.end() : run.signal(sig));
    child = { stdin: run.stdin, stdout: run.stdout, stderr: run.stderr, kill, on: (_ev, cb) => void run.exit.then(
      (code) => Promise.all([finished(run.stdout), finished(run.stderr)]).then(() => (run.raised ? cb(null, run.raised) : cb(code, null))),
      (e) => cb(`threw ${e?.stack ?? e}`, null), // the exit code differs then, and the pair fails naming the error
    ) };
    // the 60 s guard below can end stdin only: the drop-in exits at EOF
  }
  const out = [];
  const err = [];
  child.stdout.on('data', (b) => out.push(b));
  child.stderr.on('data', (b) => err.push(b));
  child.stdin.on('error', () => {}); // the emulator may exit before the script ends, like the real CLI
  // stdout so far, decoded again only when a chunk came since the last call (a wait step asks every 20 ms)
  let seen = -1;
  let decoded = '';
  const text = () => {
    if (seen !== out.length) [seen, decoded] = [out.length, Buffer.concat(out).toString('utf8')];
    return decoded;
  };
  let exitedYet = false;
  const exited = new Promise((resolve) => child.on('close', (code, sig) => resolve(code !== null ? String(code) : `signal ${sig}`)));
  void exited.then(() => (exitedYet = true));
  const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return await (async () => {
    // the stdin script's sleeps shrink as the clock speeds up (a signal case runs at 1: a scaled sleep would
    // signal a process still starting up)
    await playSteps(child, steps, { text, done: () => exitedYet, scale: speed });
    const rc = await exited;
    clearTimeout(killer);
    return { stdout: text(), stderr: Buffer.concat(err).toString('utf8'), rc };
  })();
}

/** Replays one capture's stdin record (its `pre` run first, same folders) against the emulator. */
async function replay(cli, name, profile, rec, realTime) {
  const root = mkdtempSync(join(tmpdir(), 'cbc-emu-surface-'));
  const cwd = join(root, 'work');
  for (const d of ['work', 'home', 'tmp', 'run']) mkdirSync(join(root, d));
  for (const [f, body] of Object.entries(rec.files ?? {})) {
    mkdirSync(dirname(join(cwd, f)), { recursive: true }); // a file may sit in a sub-folder
    writeFileSync(join(cwd, f), body);
  }
  // the user settings capture.mjs wrote for a bypass case (Claude's allow rules), which the stdin record does not carry
  const c = [...SURFACE_CASES, ...CASES].find((x) => x.name === name);
  if (CLIS[cli].settings && c?.bypass) {
    mkdirSync(join(root, 'home', '.claude'), { recursive: true });
    writeFileSync(join(root, 'home', '.claude', 'settings.json'), JSON.stringify(CLIS[cli].settings));
  }
  // the same environment names the capture set (config dir, tmp and runtime dirs), under this run's root
  const env = { PATH: process.env.PATH, HOME: join(root, 'home'), TERM: 'dumb', ...CLIS[cli].env(0, root), ...(rec.env ?? {}), CBC_EMU_SCENARIO_COMPILED: await compiledScenario() };
  try {
    if (rec.pre) await emulate(profile, rec.pre.args, rec.pre.steps, cwd, env, realTime);
    return { ...(await emulate(profile, rec.args, rec.steps, cwd, env, realTime)), root };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** Timing keys test/golden/normalize.ts does not zero yet (they vary run to run). */
const MORE_TIMES = new Set(['ttft_stream_ms', 'time_to_request_ms', 'first_content_frame_ms', 'elapsed_time_seconds', 'total_api_duration_ms', 'total_duration_ms', 'request_sent_wall_ms']);
/** The durations Claude's /cost text (get_session_cost) states: wall time, as the keys above. */
const COST_TEXT_TIMES = /(Total duration \((?:API|wall)\):\s+)[^\n]*/g;
/** Keys whose string values are per-run ids normalize.ts leaves alone: the model API's request id. */
const MORE_IDS = new Set(['request_id']);

/**
 * A second pass over a normalised frame for what normalize.ts leaves (MORE_TIMES, MORE_IDS). Wall-clock
 * stamps, frame uuids and message ids become one placeholder each (no number): they are fresh per frame, and
 * numbering them by first appearance turns one missing frame into a cascade of value differences.
 */
function beyondNormalize(v, ph, key) {
  if (Array.isArray(v)) return v.map((x) => beyondNormalize(x, ph));
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, beyondNormalize(x, ph, k)]));
  if (typeof v === 'number' && MORE_TIMES.has(key)) return 0;
  if (typeof v === 'string' && MORE_IDS.has(key) && /^req_/.test(v) && !/^req_\d+$/.test(v)) return ph.get('API_REQUEST_ID', v);
  // an API error body quoted in a text (system/model_fallback's content) carries the API's per-call request id
  if (typeof v === 'string' && v.includes('"request_id":"req_')) v = v.replace(/"request_id":"req_\w+"/g, '"request_id":"<API_REQUEST_ID>"');
  // cbc 2.117.0 draws its plan file's name with Math.random (PlanModeUtils.generateUniquePlanFileName)
  if (key === 'plan_file_path' && typeof v === 'string') return v.replace(/\/plans\/[a-z]+-[a-z]+-[a-z]+\.md$/, '/plans/<PLAN_SLUG>.md');
  // both patterns need their fixed part ('#', 'Total duration'): most strings have neither and skip the scans
  if (typeof v !== 'string' || (!v.includes('#') && !v.includes('Total duration'))) return v;
  return v.replace(/<(ISO_TIME|UUID|MSG_ID)#\d+>/g, '<$1>').replace(COST_TEXT_TIMES, '$1<DURATION>');
}

/** Paths of a real capture's run: its root is `<cache>/run-<cli>` (found in the frames or stderr). */
function realPaths(text) {
  const root = /"cwd":"([^"]+)\/work"/.exec(text)?.[1] ?? /(\/[^\s"':]*\/run(?:-[\w.-]+)?)\/(?:work|home|tmp)\b/.exec(text)?.[1];
  return root ? { cwd: `${root}/work`, home: `${root}/home`, other: [`${root}/tmp`, root] } : { cwd: '/nonexistent' };
}

const lines = (s, paths) => {
  const ph = new Placeholders();
  return s.split('\n').filter((l) => l.trim() !== '').map((l) => normalizeString(l, paths, ph));
};

/** The capture files' base path of `name` for `cli` (surface/ or the base cases' folder). */
const captureBase = (cli, name) => {
  const t = TARGETS[cli];
  return existsSync(join(REAL, t.dir, 'surface', `${name}.stdin.json`)) ? join(REAL, t.dir, 'surface', name) : join(REAL, t.dir, name);
};

/** The emulator's raw `{stdout, stderr, rc}` for one capture's stdin record (for looking at a divergence by eye). */
export async function replayCase(cli, name) {
  const rec = JSON.parse(readFileSync(`${captureBase(cli, name)}.stdin.json`, 'utf8'));
  return replay(cli, name, TARGETS[cli].profile, rec);
}

/** Compares one capture with its replay: the list of divergences (empty = match). */
/**
 * One pair's divergences. `realTime`: the emulator's clock and the stdin script's sleeps run at the capture's own
 * speed instead of 10x, so a mid-turn step has the window it had against the real CLI (a retry on a loaded machine).
 */
export async function compareCase(cli, name, { realTime = false } = {}) {
  const t = TARGETS[cli];
  const base = captureBase(cli, name);
  const rec = JSON.parse(readFileSync(`${base}.stdin.json`, 'utf8'));
  const real = { stdout: readFileSync(`${base}.stdout.ndjson`, 'utf8'), stderr: readFileSync(`${base}.stderr.txt`, 'utf8'), rc: readFileSync(`${base}.rc`, 'utf8').trim() };
  const emu = await replay(cli, name, t.profile, rec, realTime);
  const rp = realPaths(real.stdout + real.stderr);
  const ep = { cwd: join(emu.root, 'work'), home: join(emu.root, 'home'), other: [join(emu.root, 'tmp'), join(emu.root, 'emu-home'), emu.root] };
  const tidy = (p) => (p.kind === 'frames' ? { kind: 'frames', frames: p.frames.map((f) => beyondNormalize(f, new Placeholders())) } : p);
  const divs = [];
  if (real.rc !== emu.rc) divs.push({ key: 'exit code', detail: `real ${real.rc}, emulator ${emu.rc}` });
  const a = tidy(normalizeStdout(real.stdout, rp));
  const b = tidy(normalizeStdout(emu.stdout, ep));
  if (a.kind === 'frames' && b.kind === 'frames') divs.push(...diffValues(a.frames, b.frames));
  else if (a.kind === 'text' && b.kind === 'text') divs.push(...diffLines(a.lines, b.lines, 'stdout'));
  else divs.push({ key: 'stdout kind', detail: `real ${a.kind}, emulator ${b.kind}` });
  divs.push(...diffLines(lines(real.stderr, rp), lines(emu.stderr, ep), 'stderr'));
  return divs;
}

/** Every replayable capture on disk, `[cli, case]`: the surface cases, and the base cases of cases.mjs. */
export function surfaceCaptures() {
  const base = new Set(CASES.map((c) => c.name));
  const list = (dir) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.stdin.json')).map((f) => f.slice(0, -'.stdin.json'.length)) : []);
  return Object.entries(TARGETS).flatMap(([cli, t]) => [
    ...list(join(REAL, t.dir, 'surface')).map((n) => [cli, n]),
    ...list(join(REAL, t.dir)).filter((n) => base.has(n)).map((n) => [cli, n]),
  ]);
}

/**
 * How many replays run at once: each is mostly asleep in its stdin script (scaled sleeps, waits for a frame) and
 * costs ~15 ms of CPU in-process (~70 ms as a spawn). 40 at a time: surface-compare's 890 replays take ~35 s of
 * wall for ~16 s of CPU on a quiet 2-core machine (a core about half busy), ~60 s with 8 busy loops beside it, and
 * no replay needed a retry in either (16 at a time: ~52 s for the same CPU; issue #21).
 */
export const PARALLEL = 40;

/**
 * Replays on demand, in list order, at most `parallel` at a time: `get(i)` starts item i and the `window - 1`
 * after it (so the ones that follow are under way while item i is awaited) and returns item i's promise, which
 * never rejects: it resolves to `{value}` or `{error}`. A caller that awaits only some items (a filtered test
 * run) replays those and at most `window - 1` more. Written by hand: a bounded queue of a dozen lines.
 */
export function lookahead(items, work, { parallel = PARALLEL, window = 3 * PARALLEL } = {}) {
  const started = new Map();
  const queue = [];
  let running = 0;
  const pump = () => {
    while (running < parallel && queue.length > 0) {
      const { item, resolve } = queue.shift();
      running++;
      work(item)
        .then((value) => resolve({ value }), (error) => resolve({ error }))
        .finally(() => {
          running--;
          pump();
        });
    }
  };
  return (i) => {
    for (let j = i; j < Math.min(i + window, items.length); j++) {
      if (!started.has(j)) started.set(j, new Promise((resolve) => queue.push({ item: items[j], resolve })));
    }
    pump();
    return started.get(i);
  };
}

/** The stored form of a divergence (one string of surface-results.json). */
export const stored = (d) => `${d.key} — ${d.detail}`;
/** The key of a stored divergence: frame kind and what differs, without the values. */
export const keyOf = (line) => line.split(' — ')[0];

/** The command that refreshes one pair's stored result. */
export const refreshCommand = (cli, name) => `npm run build && node --import tsx test/capture/compare.mjs --write --cli ${cli} --case ${name}`;

/**
 * A fresh replay's divergences against the stored result of its pair: `new` (keys the stored result does not
 * list) and `fixed` (listed keys the replay no longer shows), each a sorted list of keys.
 */
export function outcomeChange(storedLines, divs) {
  const was = new Set(storedLines.map(keyOf));
  const now = new Set(divs.map((d) => d.key));
  return { new: [...now].filter((k) => !was.has(k)).sort(), fixed: [...was].filter((k) => !now.has(k)).sort() };
}
