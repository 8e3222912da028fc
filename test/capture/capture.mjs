#!/usr/bin/env node
// `npm run capture` (issue #5; not part of `npm test` or CI): runs the real CLIs under an isolated HOME
// against a local fake model API with the scripted stdin of cases.mjs, and writes their raw bytes to
// test/golden/real/<cli>-<version>/<case>.{stdout.ndjson,stderr.txt,rc,stdin.json}.
//
//   npm run capture -- [--cli claude-2.1.328,claude-2.1.220,cbc-2.117.0] [--case turn_text,...]
//
// The Claude Code binaries (~275-373 MB) are installed on demand from the npm registry into a cache
// outside the repository ($CBC_CAPTURE_CACHE, default ~/.cache/cbc-emu-capture); cbc 2.117.0 is the
// JS bundled in the devDependency @tencent-ai/agent-sdk@0.3.201.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CASES } from './cases.mjs';
import { startFakeAnthropic } from './fake-anthropic.mjs';
import { startFakeOpenAI } from './fake-openai.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CACHE = process.env.CBC_CAPTURE_CACHE || join(homedir(), '.cache', 'cbc-emu-capture');
const CASE_TIMEOUT_MS = 60_000;

/** The real CLIs: where their bytes go, how to get and start them, which fake API they talk to. */
const CLIS = {
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

function option(name) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1].split(',') : undefined;
}

/** Runs one case; resolves to `{ stdout, stderr, rc }` (rc is `signal SIG…` when killed). */
function runCase(cmd, c, cli, port) {
  const run = join(CACHE, 'run');
  rmSync(run, { recursive: true, force: true });
  for (const d of ['home', 'work', 'tmp', 'run']) mkdirSync(join(run, d), { recursive: true });
  if (cli.settings && c.bypass) {
    mkdirSync(join(run, 'home', '.claude'), { recursive: true });
    writeFileSync(join(run, 'home', '.claude', 'settings.json'), JSON.stringify(cli.settings));
  }
  const args = [...c.args, ...(c.bypass ? cli.bypass : [])];
  const env = { PATH: process.env.PATH, HOME: join(run, 'home'), TERM: 'dumb', ...cli.env(port, run) };
  const child = spawn(cmd[0], [...cmd.slice(1), ...args], { cwd: join(run, 'work'), env, stdio: ['pipe', 'pipe', 'pipe'] });
  const out = [];
  const err = [];
  child.stdout.on('data', (b) => out.push(b));
  child.stderr.on('data', (b) => err.push(b));
  child.stdin.on('error', () => {}); // EPIPE after the CLI exits on its own
  const text = () => Buffer.concat(out).toString('utf8');
  const lastTaskId = () => {
    let id;
    for (const line of text().split('\n')) {
      try {
        const f = JSON.parse(line);
        if (f.subtype === 'task_started') id = f.task_id;
      } catch {
        /* partial or non-JSON line */
      }
    }
    return id;
  };
  const exited = new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? `signal ${signal}`)));
  const killer = setTimeout(() => child.kill('SIGKILL'), CASE_TIMEOUT_MS);
  return (async () => {
    for (const st of c.steps) {
      if ('sleep' in st) await new Promise((r) => setTimeout(r, st.sleep * 1000));
      else if ('wait_for' in st) {
        const until = Date.now() + (st.timeout ?? 15) * 1000;
        while (Date.now() < until && !text().includes(st.wait_for)) await new Promise((r) => setTimeout(r, 50));
      } else if ('send' in st) {
        const line = typeof st.send === 'string' ? st.send : JSON.stringify(st.send).replace('{task_id}', String(lastTaskId()));
        if (!child.stdin.destroyed) child.stdin.write(line + '\n');
      } else if ('close' in st) child.stdin.end();
    }
    child.stdin.end();
    const rc = await exited;
    clearTimeout(killer);
    return { stdout: text(), stderr: Buffer.concat(err).toString('utf8'), rc, args };
  })();
}

async function main() {
  const clis = option('cli') ?? Object.keys(CLIS);
  const only = option('case');
  for (const name of clis) {
    const cli = CLIS[name];
    if (!cli) throw new Error(`unknown --cli ${name}; known: ${Object.keys(CLIS).join(', ')}`);
    const cmd = cli.ensure();
    const fake = await cli.fake();
    const outDir = join(ROOT, 'test', 'golden', 'real', cli.dir);
    mkdirSync(outDir, { recursive: true });
    try {
      for (const c of CASES.filter((x) => !only || only.includes(x.name))) {
        const t0 = Date.now();
        const r = await runCase(cmd, c, cli, fake.port);
        const base = join(outDir, c.name);
        writeFileSync(`${base}.stdout.ndjson`, r.stdout);
        writeFileSync(`${base}.stderr.txt`, r.stderr);
        writeFileSync(`${base}.rc`, `${r.rc}\n`);
        writeFileSync(`${base}.stdin.json`, JSON.stringify({ about: c.about, args: r.args, steps: c.steps }, null, 1) + '\n');
        console.error(`${name} ${c.name}: rc=${r.rc} ${r.stdout.split('\n').length - 1} lines ${((Date.now() - t0) / 1000).toFixed(1)}s`);
      }
    } finally {
      await fake.close();
    }
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
