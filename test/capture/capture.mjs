#!/usr/bin/env node
// `npm run capture` (issue #5; not part of `npm test` or CI): runs the real CLIs under an isolated HOME
// against a local fake model API with the scripted stdin of cases.mjs, and writes their raw bytes to
// test/golden/real/<cli>-<version>/<case>.{stdout.ndjson,stderr.txt,rc,stdin.json}.
//
//   npm run capture -- [--cli claude-2.1.328,claude-2.1.220,cbc-2.117.0] [--case turn_text,...] [--set surface]
//
// `--set surface` runs the surface inventory's cases (surface-cases.mjs, issue #16) into <cli>/surface/;
// compare.mjs replays those against the emulator.
//
// The Claude Code binaries (~275-373 MB) are installed on demand from the npm registry into a cache
// outside the repository ($CBC_CAPTURE_CACHE, default ~/.cache/cbc-emu-capture); cbc 2.117.0 is the
// JS bundled in the devDependency @tencent-ai/agent-sdk@0.3.201.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CASES } from './cases.mjs';
import { playSteps } from './steps.mjs';
import { SURFACE_CASES } from './surface-cases.mjs';
import { startFakeAnthropic } from './fake-anthropic.mjs';
import { startFakeOpenAI } from './fake-openai.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CACHE = process.env.CBC_CAPTURE_CACHE || join(homedir(), '.cache', 'cbc-emu-capture');
const CASE_TIMEOUT_MS = 150_000;

/** The real CLIs: where their bytes go, how to get and start them, which fake API they talk to. */
export const CLIS = {
  'claude-2.1.328': claude('2.1.328'),
  'claude-2.1.220': claude('2.1.220'),
  'cbc-2.117.0': {
    dir: 'cbc-2.117.0',
    ensure: () => {
      const js = join(ROOT, 'node_modules', '@tencent-ai', 'agent-sdk', 'cli', 'dist', 'codebuddy-headless.js');
      if (!existsSync(js)) throw new Error(`${js} is missing: run npm ci (cbc 2.117.0 ships in the devDependency @tencent-ai/agent-sdk@0.3.201)`);
      return [process.execPath, js];
    },
    fake: startFakeOpenAI,
    bypass: ['--permission-mode', 'bypassPermissions'],
    env: (port) => ({ CODEBUDDY_API_KEY: 'sk-test', CODEBUDDY_BASE_URL: `http://127.0.0.1:${port}` }),
  },
};

function claude(version) {
  return {
    dir: `claude-code-${version}`,
    ensure: () => {
      const prefix = join(CACHE, `claude-${version}`);
      const bin = join(prefix, 'node_modules', '@anthropic-ai', 'claude-code-linux-x64', 'claude');
      if (!existsSync(bin)) {
        console.error(`installing @anthropic-ai/claude-code-linux-x64@${version} into ${prefix} (a few hundred MB, once)`);
        mkdirSync(prefix, { recursive: true });
        const r = spawnSync('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', `@anthropic-ai/claude-code-linux-x64@${version}`], { stdio: 'inherit' });
        if (r.status !== 0 || !existsSync(bin)) throw new Error(`npm install of @anthropic-ai/claude-code-linux-x64@${version} failed (exit ${r.status})`);
      }
      return [bin];
    },
    fake: startFakeAnthropic,
    bypass: [],
    // headless Claude Code refuses a Workflow in default mode ("Review dynamic workflow before running"):
    // an allow rule in the isolated user settings lets the bg/workflow cases run, permissionMode stays default
    settings: { permissions: { allow: ['Bash', 'Agent', 'Workflow'] } },
    env: (port, run) => ({
      CLAUDE_CONFIG_DIR: join(run, 'home', '.claude'),
      ANTHROPIC_API_KEY: 'sk-test',
      ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`,
      DISABLE_TELEMETRY: '1',
      DISABLE_AUTOUPDATER: '1',
      DISABLE_ERROR_REPORTING: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      CLAUDE_CODE_TMPDIR: join(run, 'tmp'),
      XDG_RUNTIME_DIR: join(run, 'run'),
    }),
  };
}

/** `--shard k/n`: only every n-th case from the k-th (0-based), in its own run folder, so n captures run at once. */
const SHARD = option('shard')?.[0].split('/').map(Number);

function option(name) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1].split(',') : undefined;
}

/** A case's steps for one CLI (`c.steps` may be a function of the CLI id). */
export const stepsOf = (c, name) => (typeof c.steps === 'function' ? c.steps(name) : c.steps);

/** A case's argv for one CLI (`c.args` may be a function of the CLI id), with the CLI's bypass flags. */
export function argsOf(c, name, bypass = []) {
  return [...(typeof c.args === 'function' ? c.args(name) : c.args), ...(c.bypass ? bypass : [])];
}

/** Spawns `cmd` with `args` in `cwd`, plays `steps`; resolves to `{ stdout, stderr, rc }` (rc `signal SIG…` when killed). */
function runSteps(cmd, args, steps, cwd, env) {
  const child = spawn(cmd[0], [...cmd.slice(1), ...args], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  const out = [];
  const err = [];
  child.stdout.on('data', (b) => out.push(b));
  child.stderr.on('data', (b) => err.push(b));
  child.stdin.on('error', () => {}); // EPIPE after the CLI exits on its own
  const text = () => Buffer.concat(out).toString('utf8');
  let exitedYet = false;
  const exited = new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? `signal ${signal}`)));
  void exited.then(() => (exitedYet = true));
  const killer = setTimeout(() => child.kill('SIGKILL'), CASE_TIMEOUT_MS);
  return (async () => {
    await playSteps(child, steps, { text, done: () => exitedYet });
    const rc = await exited;
    clearTimeout(killer);
    return { stdout: text(), stderr: Buffer.concat(err).toString('utf8'), rc };
  })();
}

/** Runs one case in a fresh run folder of this CLI (its `pre` run first, in the same folders). */
async function runCase(cmd, c, cli, name, port) {
  const run = join(CACHE, `run-${name}${SHARD ? `-${SHARD[0]}` : ''}`);
  rmSync(run, { recursive: true, force: true });
  for (const d of ['home', 'work', 'tmp', 'run']) mkdirSync(join(run, d), { recursive: true });
  if (cli.settings && c.bypass) {
    mkdirSync(join(run, 'home', '.claude'), { recursive: true });
    writeFileSync(join(run, 'home', '.claude', 'settings.json'), JSON.stringify(cli.settings));
  }
  for (const [f, body] of Object.entries(c.files ?? {})) {
    mkdirSync(dirname(join(run, 'work', f)), { recursive: true }); // a file may sit in a sub-folder
    writeFileSync(join(run, 'work', f), body);
  }
  const env = { PATH: process.env.PATH, HOME: join(run, 'home'), TERM: 'dumb', ...cli.env(port, run), ...(c.env ?? {}) };
  const cwd = join(run, 'work');
  if (c.pre) await runSteps(cmd, argsOf(c.pre, name, cli.bypass), c.pre.steps, cwd, env);
  const args = argsOf(c, name, cli.bypass);
  return { ...(await runSteps(cmd, args, stepsOf(c, name), cwd, env)), args };
}

/** What a capture's `<case>.stdin.json` records: enough for compare.mjs to replay it. */
function stdinRecord(c, name, bypass, args) {
  const rec = { about: c.about, args, steps: stepsOf(c, name) };
  if (c.env) rec.env = c.env;
  if (c.files) rec.files = c.files;
  if (c.pre) rec.pre = { args: argsOf(c.pre, name, bypass), steps: c.pre.steps };
  return rec;
}

async function main() {
  const clis = option('cli') ?? Object.keys(CLIS);
  const only = option('case');
  // `--set surface`: the inventory's cases (surface-cases.mjs) into <cli>/surface/; default: the base cases
  const surface = option('set')?.[0] === 'surface';
  for (const name of clis) {
    const cli = CLIS[name];
    if (!cli) throw new Error(`unknown --cli ${name}; known: ${Object.keys(CLIS).join(', ')}`);
    const cmd = cli.ensure();
    const fake = await cli.fake();
    const outDir = join(ROOT, 'test', 'golden', 'real', cli.dir, ...(surface ? ['surface'] : []));
    mkdirSync(outDir, { recursive: true });
    const cases = (surface ? SURFACE_CASES.filter((c) => c.clis.includes(name)) : CASES).filter((x, i) => (!only || only.includes(x.name)) && (!SHARD || i % SHARD[1] === SHARD[0]));
    try {
      for (const c of cases) {
        const t0 = Date.now();
        const r = await runCase(cmd, c, cli, name, fake.port);
        const base = join(outDir, c.name);
        writeFileSync(`${base}.stdout.ndjson`, r.stdout);
        writeFileSync(`${base}.stderr.txt`, r.stderr);
        writeFileSync(`${base}.rc`, `${r.rc}\n`);
        writeFileSync(`${base}.stdin.json`, JSON.stringify(stdinRecord(c, name, cli.bypass, r.args), null, 1) + '\n');
        console.error(`${name} ${c.name}: rc=${r.rc} ${r.stdout.split('\n').length - 1} lines ${((Date.now() - t0) / 1000).toFixed(1)}s`);
      }
    } finally {
      await fake.close();
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
