// From install to CI as a newcomer goes (issue #20): the repo packed with `npm pack`, the tarball installed
// alone into an empty consumer project from the npm registry (npm's own cache makes a re-run quick), then
// what the README promises there: `npx --no-install cbc-emu --version`, the shims, a shipped scenario by
// name, the library resolving the package's files, and the README's CI recipe run verbatim (copied from
// between its <!-- ci-recipe --> markers). The same recipe in a project without the package stops at once,
// before anything runs a `cbc`.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/run-bin.js';

const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const work = mkdtempSync(join(tmpdir(), 'cbc-emu-newcomer-'));
const consumer = join(work, 'consumer');
const empty = join(work, 'empty');
let packed: { filename: string; files: Array<{ path: string }> };
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The environment of a user's shell: no CBC_EMU_* from this test run, no npm noise. */
function userEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('CBC_EMU_') && !k.startsWith('npm_') && !k.startsWith('VITEST')) env[k] = v;
  return { ...env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false', ...extra };
}

function sh(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = userEnv()): SpawnSyncReturns<string> {
  return spawnSync(cmd, args, { cwd, env, encoding: 'utf8', timeout: 180_000 });
}

const frames = (stdout: string) => stdout.trim().split('\n').map((l) => JSON.parse(l) as { type: string; subtype?: string });

/** The README's CI recipe, exactly as a user copies it. */
function recipe(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const m = /<!-- ci-recipe -->\n```sh\n([\s\S]*?)```\n<!-- \/ci-recipe -->/.exec(readme);
  expect(m, 'README.md has a ```sh block between <!-- ci-recipe --> and <!-- /ci-recipe -->').not.toBeNull();
  return m![1]!;
}

beforeAll(() => {
  // the suite built dist/ already (npm test builds first); --ignore-scripts keeps `prepare` from rebuilding it under the other tests
  const pack = sh('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], ROOT);
  expect(pack.status, pack.stderr).toBe(0);
  const [first] = JSON.parse(pack.stdout) as Array<typeof packed>;
  expect(first, pack.stdout).toBeDefined();
  packed = first!;
  for (const dir of [consumer, empty]) {
    mkdirSync(dir);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'newcomer', version: '1.0.0', private: true, type: 'module' }));
  }
  const install = sh('npm', ['install', '--no-audit', '--no-fund', join(work, packed.filename)], consumer);
  expect(install.status, install.stderr).toBe(0);
}, 300_000);

describe('a consumer project with the packed package (#20)', () => {
  it('the tarball holds the runtime, the scenarios, the docs and the LICENSE, not the sources or tests', () => {
    const paths = packed.files.map((f) => f.path);
    for (const p of ['LICENSE', 'README.md', 'package.json', 'bin/cbc.js', 'bin/cbc-emu.js', 'bin/shims/cbc', 'dist/index.js', 'scenarios/deep-research.yaml', 'docs/protocol.md', 'docs/ci.md'])
      expect(paths, p).toContain(p);
    expect(paths.filter((p) => p.startsWith('src/') || p.startsWith('test/'))).toEqual([]);
    // the parse cache of this checkout's scenario files (src/scenario/cache.ts, #21) is no part of the package
    expect(paths.filter((p) => p.startsWith('dist/scenario/cache/'))).toEqual([]);
    expect(paths).toContain('dist/bundle/emu.cjs');
  });

  // needs `cbc-emu --version` (helper A's commander CLI)
  it('npx --no-install cbc-emu --version prints the package version', () => {
    const r = sh('npx', ['--no-install', 'cbc-emu', '--version'], consumer);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe(version);
  });

  it('npx --no-install cbc-emu shims prints the installed package\'s shim folder', () => {
    const r = sh('npx', ['--no-install', 'cbc-emu', 'shims'], consumer);
    expect(r.status, r.stderr).toBe(0);
    const dir = r.stdout.trim();
    expect(dir).toBe(join(consumer, 'node_modules', 'cbc-emulator', 'bin', 'shims'));
    for (const s of ['cbc', 'codebuddy', 'claude']) expect(statSync(join(dir, s)).mode & 0o111, s).not.toBe(0);
  });

  // needs shipped scenarios by name (helper A)
  it('a shipped scenario runs by name', () => {
    const r = sh('npx', ['--no-install', 'cbc-emu', 'run', '--emu-scenario', 'deep-research', '--emu-speed', '0', '-p', '--output-format', 'stream-json', '/deep-research topic=x'], consumer);
    expect(r.status, r.stderr).toBe(0);
    const f = frames(r.stdout);
    expect(f.some((x) => x.subtype === 'task_notification')).toBe(true);
    expect(f.at(-1)?.type).toBe('result');
  });

  it('the library runs from the consumer, resolving the package\'s files with import.meta.resolve', () => {
    const script = join(consumer, 'lib.mjs');
    writeFileSync(
      script,
      `import { startEmulator } from 'cbc-emulator';
import { fileURLToPath } from 'node:url';
const emu = startEmulator({ scenarioFile: fileURLToPath(import.meta.resolve('cbc-emulator/scenarios/deep-research.yaml')), seed: 1 });
emu.send({ type: 'user', message: { role: 'user', content: '/deep-research topic=x' }, parent_tool_use_id: null, session_id: '' });
const n = await emu.waitFor((f) => f.type === 'system' && f.subtype === 'task_notification', 60000);
await emu.close();
console.log(JSON.stringify({ status: n.status, violations: emu.check().length }));
`,
    );
    const r = sh(process.execPath, [script], consumer);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout.trim().split('\n').at(-1)!)).toEqual({ status: 'completed', violations: 0 });
  });

  // needs shipped scenarios by name (helper A): the recipe sets CBC_EMU_SCENARIO=deep-research
  it("the README's CI recipe runs verbatim", () => {
    const r = sh('bash', ['-c', recipe()], consumer);
    expect(r.status, r.stderr).toBe(0);
    const f = frames(r.stdout);
    expect(f.some((x) => x.subtype === 'task_notification')).toBe(true);
    expect(f.at(-1)?.type).toBe('result');
  });
});

describe('a project without the package (#20)', () => {
  it("the README's CI recipe exits non-zero at once, before any cbc runs", () => {
    // a stand-in for a real CLI earlier on PATH: if the recipe ran it, it would leave its mark
    const bin = join(work, 'real-cli');
    const mark = join(work, 'real-cbc-ran');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'cbc'), `#!/bin/sh\ntouch '${mark}'\necho '{"type":"result"}'\n`);
    chmodSync(join(bin, 'cbc'), 0o755);
    const env = userEnv({ PATH: `${bin}${delimiter}${process.env['PATH'] ?? ''}` });
    const r = sh('bash', ['-c', recipe()], empty, env);
    expect(r.status).not.toBe(0);
    expect(r.stdout).toBe('');
    expect(existsSync(mark)).toBe(false);
  });
});
