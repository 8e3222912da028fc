// The README's first screen (issue #2): the copy-paste snippet for each real SDK and the PATH-shim CI
// example run as written. Snippets are taken from README.md itself, so the doc cannot drift.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/run-bin.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const written: string[] = [];
afterAll(() => written.forEach((f) => rmSync(f, { force: true })));

/** The first fenced block of `lang` after `heading`. */
function block(heading: string, lang: string): string {
  const at = readme.indexOf(heading);
  expect(at, `README has "${heading}"`).toBeGreaterThanOrEqual(0);
  const m = new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(readme.slice(at));
  expect(m, `a \`\`\`${lang} block after "${heading}"`).not.toBeNull();
  return m![1]!;
}

/** Runs a snippet as an ES module inside the package (so `cbc-emulator/...` self-resolves). */
function runSnippet(name: string, code: string, env: NodeJS.ProcessEnv = {}) {
  const file = join(ROOT, 'test', `.readme-${name}.mjs`);
  written.push(file);
  writeFileSync(file, code);
  const r = spawnSync(process.execPath, [file], { cwd: ROOT, encoding: 'utf8', timeout: 60_000, env: { ...process.env, ...env } });
  return r;
}

describe('README snippets', () => {
  it('Claude Agent SDK: the deep-research run reaches its results and task events', () => {
    const r = runSnippet('claude', block('**Claude Agent SDK**', 'js'));
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('system init');
    expect(r.stdout).toContain('system task_started');
    expect(r.stdout).toContain('system task_notification');
    expect(r.stdout).toContain('result success');
  });

  it('CodeBuddy SDK: one turn', () => {
    const r = runSnippet('codebuddy', block('**CodeBuddy SDK**', 'js'), { CBC_EMU_SCENARIO: '', CBC_EMU_PROFILE: '' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n').at(-1)).toBe('result success');
  });

  // the recipe as a consumer project runs it: test/integration/newcomer.test.ts (issue #20); here inside the repo
  it('CI: the PATH shims answer to cbc', () => {
    const recipe = block('<!-- ci-recipe -->', 'sh');
    expect(recipe).toContain('npx --no-install cbc-emu shims');
    const sh = recipe.replace('npx --no-install cbc-emu shims', `node ${join(ROOT, 'bin', 'cbc-emu.js')} shims`);
    const r = spawnSync('bash', ['-c', sh], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    const frames = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { type: string; subtype?: string });
    expect(frames.some((f) => f.subtype === 'task_notification')).toBe(true);
    expect(frames.at(-1)?.type).toBe('result');
  });
});
