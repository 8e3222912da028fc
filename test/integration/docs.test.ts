// The docs hold (issue #20): (a) every relative link in README.md and docs/ points at a file that exists
// (and, for a `.md#anchor` link, at a heading that exists); (b) every example transcript in
// docs/protocol.md marked `<!-- example: <profile> <args…> -->` is real output of the built drop-in.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { finished } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { startInMemory } from '../../dist/testkit/harness.js';
import { markdownFiles } from '../helpers/markdown.js';
import { CBC_BIN, ROOT } from '../helpers/run-bin.js';

const temps: string[] = [];
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Markdown text without fenced code blocks and inline code (links there are not links). */
function prose(md: string): string {
  return md.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to dashes (hand-written: one rule, no dependency). */
function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings (a repeated heading gets -1, -2, … as on GitHub). */
function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const base = slug(m[1]!.replace(/`/g, ''));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** Relative links of one file that do not resolve, as `file: target (why)`. */
function brokenLinks(file: string): string[] {
  const bad: string[] = [];
  for (const m of prose(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = m[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
    const [path, anchor] = target.split('#') as [string, string | undefined];
    const resolved = path === '' ? file : join(dirname(file), decodeURIComponent(path));
    const where = `${relative(ROOT, file)}: ${target}`;
    if (!existsSync(resolved)) bad.push(`${where} (no such file)`);
    else if (anchor !== undefined && resolved.endsWith('.md') && !anchors(resolved).has(anchor)) bad.push(`${where} (no such heading)`);
  }
  return bad;
}

describe('links in README.md and docs/', () => {
  it('every relative link resolves', () => {
    expect(markdownFiles().flatMap(brokenLinks)).toEqual([]);
  });
});

/** One example of docs/protocol.md: how to run the drop-in and the transcript it must produce. */
interface Example {
  line: number;
  profile: string;
  env: Record<string, string>;
  args: string[];
  /** `>` lines: written to stdin; `<` lines: read from stdout; `…`: frames left out. */
  steps: Array<{ dir: '>' | '<'; text: string } | { dir: '…' }>;
}

/** Splits the directive's arguments: words, or "double-quoted" / 'single-quoted' strings. */
function words(s: string): string[] {
  return [...s.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
}

function examples(): Example[] {
  const md = readFileSync(join(ROOT, 'docs', 'protocol.md'), 'utf8');
  const out: Example[] = [];
  for (const m of md.matchAll(/<!-- example: (\S+) (.*?) -->\n```[a-z]*\n([\s\S]*?)```/g)) {
    const [profile, rest, body] = [m[1]!, m[2]!, m[3]!];
    const env: Record<string, string> = {};
    const args = words(rest);
    while (args[0] !== undefined && /^[A-Z_][A-Z0-9_]*=/.test(args[0])) {
      const [k, ...v] = args.shift()!.split('=');
      env[k!] = v.join('=');
    }
    const steps = body.split('\n').filter((l) => l.trim() !== '').map((l): Example['steps'][number] => {
      if (l.trim() === '…') return { dir: '…' };
      if (!l.startsWith('> ') && !l.startsWith('< ')) throw new Error(`docs/protocol.md: a transcript line starts with "> ", "< " or is "…": ${l}`);
      return { dir: l[0] as '>' | '<', text: l.slice(2) };
    });
    out.push({ line: md.slice(0, m.index).split('\n').length, profile, env, args, steps });
  }
  return out;
}

/** The conventions docs/protocol.md states for its examples: the project is /home/me/project, HOME is /home/me. */
const DOC_HOME = '/home/me';
/** Clocks, durations and the pid: they depend on when and where the example runs, so they are never compared. */
const CLOCKS = new Set(['timestamp', 'startedAt', 'endedAt', 'queuedAt', 'lastProgressAt', 'end_time', 'start_time', 'duration_ms', 'duration_api_ms', 'durationMs', 'ttft_ms', 'ttft_stream_ms', 'time_to_request_ms', 'first_content_frame_ms', 'pid']);
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;

/** Replaces values that differ between runs (clocks, the pid, Claude's time-based run_id); other ids come from the seed. */
function normalize(v: unknown, key?: string): unknown {
  if (typeof v === 'number' && key !== undefined && CLOCKS.has(key)) return 0;
  if (typeof v === 'string' && key === 'run_id') return '<run_id>';
  if (typeof v === 'string') return ISO.test(v) ? '<time>' : v.replace(/cc-socks\/\d+\.sock/g, 'cc-socks/<pid>.sock').replace(/\/claude-\d+\//g, '/claude-<uid>/');
  if (Array.isArray(v)) return v.map((x) => normalize(x));
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, normalize(x, k)]));
  return v;
}

/** `actual` with every value the example elides (`"…"`) elided too, so the two compare as text, key order included. */
function elide(expected: unknown, actual: unknown): unknown {
  if (expected === '…') return '…';
  if (Array.isArray(expected) && Array.isArray(actual)) return actual.map((x, i) => elide(expected[i], x));
  if (expected !== null && typeof expected === 'object' && actual !== null && typeof actual === 'object' && !Array.isArray(actual)) {
    const e = expected as Record<string, unknown>;
    return Object.fromEntries(Object.entries(actual).map(([k, x]) => [k, elide(e[k], x)]));
  }
  return actual;
}

/** The two frames as compared: normalised, and `actual` elided where `expected` is; text lines as they are. */
function compared(expected: string, actual: string): [string, string] {
  try {
    const e = normalize(JSON.parse(expected));
    return [JSON.stringify(e), JSON.stringify(elide(e, normalize(JSON.parse(actual))))];
  } catch {
    return [expected, actual];
  }
}

function sameFrame(expected: string, actual: string): boolean {
  const [e, a] = compared(expected, actual);
  return e === a;
}

/** A frame line's `{"type":…,"subtype":…` head: its kind. */
const kind = (l: string) => /^\{"type":"[^"]*"(,"subtype":"[^"]*")?/.exec(l)?.[0];

/** For a failure message: the expected line, and each output line of the same type/subtype as it was compared. */
function explain(expected: string, out: string[]): string {
  const near = out.filter((l) => kind(l) !== undefined && kind(l) === kind(expected)).map((l) => compared(expected, l)[1]);
  return `expected:\n${compared(expected, expected)[0]}\noutput frames of that kind:\n${near.join('\n') || '(none)'}`;
}

/**
 * How many of the example's `<` lines `out` already shows, in order: lines between two `…` must be
 * consecutive output lines; a group may start anywhere after the previous one.
 */
function matched(steps: Example['steps'], out: string[]): number {
  const groups: string[][] = [[]];
  for (const s of steps) if (s.dir === '…') groups.push([]);
  else if (s.dir === '<') groups.at(-1)!.push(s.text);
  let pos = 0;
  let count = 0;
  for (const g of groups) {
    if (g.length === 0) continue;
    let best = 0;
    let at = -1;
    for (let i = pos; i < out.length && best < g.length; i++) {
      let n = 0;
      while (n < g.length && i + n < out.length && sameFrame(g[n]!, out[i + n]!)) n++;
      if (n > best) [best, at] = [n, i];
    }
    count += best;
    if (best < g.length) return count;
    pos = at + g.length;
  }
  return count;
}

/** The part of a drop-in run that `run` drives: stdin, stdout and the end. */
interface Driven {
  stdin: NodeJS.WritableStream;
  stdout: NodeJS.ReadableStream;
  kill(): void;
  closed: Promise<void>;
}

/**
 * The first example spawns bin/cbc.js (what a reader of the docs runs); the others run the drop-in's entry (runCli)
 * in this process with the same argv, environment and cwd (a spawn each was ~0.15 s of CPU; issue #21).
 */
function start(ex: Example, argv: string[], cwd: string, env: NodeJS.ProcessEnv): Driven {
  if (ex.line === examples()[0]?.line) {
    const child = spawn(process.execPath, [CBC_BIN, ...argv], { cwd, env });
    return { stdin: child.stdin, stdout: child.stdout, kill: () => child.kill('SIGKILL'), closed: new Promise((resolve) => child.on('close', () => resolve())) };
  }
  // the emulator's default home is <HOME>/.cache/cbc-emulator, but os.homedir() is this process's HOME: name the same
  // folder through XDG_CACHE_HOME, which the drop-in reads from the run's environment (src/dropin/io.ts defaultHome)
  const run = startInMemory({ argv, env: { XDG_CACHE_HOME: join(env['HOME'] ?? '', '.cache'), ...env }, cwd });
  const closed = run.exit.then(() => Promise.all([finished(run.stdout), finished(run.stderr)])).then(() => undefined);
  run.stderr.resume();
  return { stdin: run.stdin, stdout: run.stdout, kill: () => run.stdin.end(), closed };
}

/** Runs one example: stdin lines are written once the output lines shown above them have appeared. */
function run(ex: Example): Promise<string[]> {
  const tmp = mkdtempSync(join(tmpdir(), 'cbc-emu-docs-'));
  temps.push(tmp);
  const home = join(tmp, 'home');
  const cwd = join(home, 'project');
  mkdirSync(cwd, { recursive: true });
  const args = ex.args.map((a) => (a.includes('/') && existsSync(join(ROOT, a)) ? join(ROOT, a) : a));
  const defaults = [...(args.includes('--emu-seed') ? [] : ['--emu-seed', '1']), ...(args.includes('--emu-speed') ? [] : ['--emu-speed', '0'])];
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(CBC_EMU_|CLAUDE_|CODEBUDDY_|XDG_RUNTIME_DIR$)/.test(k)));
  const child = start(ex, ['--emu-profile', ex.profile, ...defaults, ...args], cwd, { ...env, HOME: home, ...ex.env });
  const dashed = (p: string) => p.replace(/[^a-zA-Z0-9]/g, '-');
  let raw = '';
  const lines = () => raw.split(home).join(DOC_HOME).split(dashed(home)).join(dashed(DOC_HOME)).split('\n').filter((l) => l !== '');
  let next = 0;
  const feed = (): void => {
    for (; next < ex.steps.length; next++) {
      const s = ex.steps[next]!;
      if (s.dir !== '>') continue;
      const shownAbove = ex.steps.slice(0, next).filter((x) => x.dir === '<').length;
      if ((UPDATE ? matchedKinds : matched)(ex.steps.slice(0, next), lines()) < shownAbove) return;
      child.stdin.write(s.text + '\n');
    }
    child.stdin.end();
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`docs/protocol.md:${ex.line}: the drop-in did not exit within 30 s; output so far:\n${lines().join('\n')}`));
    }, 30_000);
    child.stdout.on('data', (c: Buffer) => {
      raw += c.toString('utf8');
      feed();
    });
    child.stdin.on('error', () => undefined);
    void child.closed.then(() => {
      clearTimeout(timer);
      resolve(lines());
    });
    feed();
  });
}

/**
 * UPDATE_DOCS=1: rewrites each failing example's `<` lines from the drop-in's output, frame kind by frame
 * kind in order, keeping the example's `…` elisions; for deliberate output changes, reviewed in the diff.
 */
const UPDATE = process.env['UPDATE_DOCS'] === '1';

/** Like `matched`, by frame kind only (UPDATE_DOCS: stdin lines are fed once frames of the shown kinds came). */
function matchedKinds(steps: Example['steps'], out: string[]): number {
  let pos = 0;
  let count = 0;
  for (const s of steps) {
    if (s.dir !== '<') continue;
    const i = out.findIndex((l, j) => j >= pos && kind(l) === kind(s.text));
    if (i < 0) return count;
    [pos, count] = [i + 1, count + 1];
  }
  return count;
}

/** The example's `<` lines replaced by the output lines of the same kinds, in order, elided as the example elides. */
function rewrite(ex: Example, out: string[]): void {
  const file = join(ROOT, 'docs', 'protocol.md');
  const md = readFileSync(file, 'utf8').split('\n');
  let pos = 0;
  // ex.line (1-based) is the directive; the fence opens on the next line, the transcript follows it
  for (let l = ex.line + 1; l < md.length && !(md[l] ?? '```').startsWith('```'); l++) {
    const text = md[l] ?? '';
    if (!text.startsWith('< ')) continue;
    const want = text.slice(2);
    const i = out.findIndex((o, j) => j >= pos && kind(o) !== undefined && kind(o) === kind(want));
    if (i < 0) break;
    pos = i + 1;
    if (sameFrame(want, out[i]!)) continue;
    try {
      md[l] = '< ' + JSON.stringify(elide(JSON.parse(want), JSON.parse(out[i]!)));
    } catch {
      md[l] = '< ' + out[i]!;
    }
  }
  writeFileSync(file, md.join('\n'));
}

describe('docs/protocol.md examples are real emulator output', () => {
  const all = examples();
  it('has examples', () => expect(all.length).toBeGreaterThan(10));
  for (const ex of all) {
    it(`line ${ex.line}: ${ex.profile} ${ex.args.join(' ')}`, async () => {
      const out = await run(ex);
      const want = ex.steps.filter((s) => s.dir === '<');
      const n = matched(ex.steps, out);
      const missing = want[n];
      if (UPDATE && n < want.length) rewrite(ex, out);
      expect(n, missing?.dir === '<' ? `docs/protocol.md:${ex.line}: transcript line ${n + 1} not found in order; ${explain(missing.text, out)}` : '').toBe(want.length);
    });
  }
});
