#!/usr/bin/env node
// Argv-level captures (issue #15; not part of `npm test` or CI): runs the real CLIs with each command line of
// argv-cases.mjs (empty stdin, isolated HOME, API base on a closed local port) and writes their bytes to
// test/golden/real/<cli-dir>/argv/<case>.{argv.json,stdout.txt,stderr.txt,rc}.
//
//   node test/capture/argv.mjs [--cli cbc-2.117.0,claude-2.1.220,claude-2.1.328] [--case version_long,...]
//
// The CLIs are found as in capture.mjs (the Claude Code binaries in $CBC_CAPTURE_CACHE, installed there by
// `npm run capture` on first use; cbc 2.117.0 in the devDependency @tencent-ai/agent-sdk@0.3.201).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ARGV_CASES } from './argv-cases.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CACHE = process.env.CBC_CAPTURE_CACHE || join(homedir(), '.cache', 'cbc-emu-capture');
const CLOSED = 'http://127.0.0.1:9'; // discard port: nothing listens, any model call fails at once

const claude = (version) => ({
  dir: `claude-code-${version}`,
  cmd: [join(CACHE, `claude-${version}`, 'node_modules', '@anthropic-ai', 'claude-code-linux-x64', 'claude')],
  env: (run) => ({ CLAUDE_CONFIG_DIR: join(run, 'home', '.claude'), ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: CLOSED, DISABLE_TELEMETRY: '1', DISABLE_AUTOUPDATER: '1', DISABLE_ERROR_REPORTING: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', CLAUDE_CODE_TMPDIR: join(run, 'tmp'), XDG_RUNTIME_DIR: join(run, 'run') }),
});

const CLIS = {
  'cbc-2.117.0': {
    dir: 'cbc-2.117.0',
    cmd: [process.execPath, join(ROOT, 'node_modules', '@tencent-ai', 'agent-sdk', 'cli', 'dist', 'codebuddy-headless.js')],
    env: () => ({ CODEBUDDY_API_KEY: 'sk-test', CODEBUDDY_BASE_URL: CLOSED }),
  },
  'claude-2.1.220': claude('2.1.220'),
  'claude-2.1.328': claude('2.1.328'),
};

function option(name) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1].split(',') : undefined;
}

for (const name of option('cli') ?? Object.keys(CLIS)) {
  const cli = CLIS[name];
  if (!cli) throw new Error(`unknown --cli ${name}; known: ${Object.keys(CLIS).join(', ')}`);
  if (!existsSync(cli.cmd.at(-1))) throw new Error(`${cli.cmd.at(-1)} is missing: run \`npm run capture -- --cli ${name}\` once (it installs the CLI)`);
  const outDir = join(ROOT, 'test', 'golden', 'real', cli.dir, 'argv');
  mkdirSync(outDir, { recursive: true });
  const only = option('case');
  for (const c of ARGV_CASES.filter((x) => (!only || only.includes(x.name)) && (!x.only || x.only.includes(name)))) {
    const run = mkdtempSync(join(tmpdir(), 'cbc-emu-argv-'));
    for (const d of ['home', 'work', 'tmp', 'run']) mkdirSync(join(run, d), { recursive: true });
    const env = { PATH: process.env.PATH, HOME: join(run, 'home'), TERM: 'dumb', ...cli.env(run) };
    const r = spawnSync(cli.cmd[0], [...cli.cmd.slice(1), ...c.args], { cwd: join(run, 'work'), env, input: '', encoding: 'utf8', timeout: 60_000 });
    rmSync(run, { recursive: true, force: true });
    const base = join(outDir, c.name);
    writeFileSync(`${base}.argv.json`, JSON.stringify({ about: c.about, args: c.args }) + '\n');
    writeFileSync(`${base}.stdout.txt`, r.stdout);
    writeFileSync(`${base}.stderr.txt`, r.stderr);
    writeFileSync(`${base}.rc`, `${r.status ?? `signal ${r.signal}`}\n`);
    console.error(`${name} ${c.name}: rc=${r.status ?? r.signal} ${JSON.stringify(r.stderr.slice(0, 100))}`);
  }
}
