// Issue #11 acceptance: `cbc-emu report` pages rendered in a real browser (Debian chromium via
// playwright-core). Every shipped scenario is run through the drop-in's entry (runCli, in this process; seeded,
// --emu-speed 0, prompts that reach its workflow turns, as in test/golden/golden.test.ts), drawn in one shared page,
// and the drawn rows, bars and marks are compared with an independent reading of the transcript (./oracle.ts): counts, order,
// labels, colours, late rows. A mark is clicked and its raw frame must appear; a hostile transcript
// must render as text (seed 000 §9: stream text is untrusted).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInMemory } from '../../dist/testkit/harness.js';
import { ndjson, ROOT, STREAM_FLAGS } from '../helpers/run-bin.js';
import { ctl, spawnLive, user } from '../integration/helpers.js';
import { launchChromium } from './chromium.js';
import { emuInProcess } from '../helpers/emu-in-process.js';
import { expectedRows, records, type ExpectedRow } from './oracle.js';

// page.evaluate callbacks run in the browser; the test program has no DOM lib, so they see these as any
declare const document: any;
declare const window: any;

/** Prompts reaching each scenario's turns (same as test/golden/golden.test.ts). */
const PROMPTS: Record<string, string[]> = {
  default: ['hello there', '/deep-research topic=foo'],
  'deep-research': ['/deep-research topic=foo', 'please cancel-me'],
  'background-tasks': ['build it', 'make it fail'],
  permissions: ['clean up', 'strict mode', 'plan it'],
};
const EMU = join(ROOT, 'bin', 'cbc-emu.js');
const SCENARIOS = readdirSync(join(ROOT, 'scenarios')).filter((f) => f.endsWith('.yaml')).map((f) => f.slice(0, -5)).sort();
const WORK = mkdtempSync(join(tmpdir(), 'cbc-emu-report-'));

let ctx: BrowserContext;
let closeBrowser: () => Promise<void>;
beforeAll(async () => {
  ({ ctx, close: closeBrowser } = await launchChromium());
});
afterAll(async () => {
  await closeBrowser?.();
  rmSync(WORK, { recursive: true, force: true });
});

/**
 * Runs a scenario through the drop-in's entry (runCli) in this process, as bin/cbc.js runs it (the same bytes: the
 * goldens pin the spawned binary's); returns the transcript and journal paths. A node spawn each was ~0.1 s of CPU
 * for 18 runs (issue #21).
 */
async function runScenario(scenario: string, profile: string): Promise<{ transcript: string; journal: string }> {
  const dir = join(WORK, `${scenario}-${profile}`);
  mkdirSync(dir, { recursive: true });
  const journal = join(dir, 'journal.ndjson');
  const stdin = ndjson(ctl('req_1', { subtype: 'initialize' }), ...(PROMPTS[scenario] ?? ['go']).map(user));
  const r = await runInMemory({
    argv: [...STREAM_FLAGS, '--emu-scenario', join(ROOT, 'scenarios', `${scenario}.yaml`), '--emu-profile', profile, '--emu-seed', 'report', '--emu-speed', '0', '--emu-home', join(dir, 'emu'), '--emu-journal', journal],
    stdin,
    cwd: dir,
    env: { ...process.env, HOME: join(dir, 'home'), CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: '' },
  });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const transcript = join(dir, 'transcript.ndjson');
  writeFileSync(transcript, r.stdout);
  return { transcript, journal };
}

/** `cbc-emu report <input> --out <html> [...]` through the real command (in-process: test/helpers/emu-in-process.ts); returns the page path. */
async function report(input: string, extra: string[] = [], expectCode = 0): Promise<string> {
  const out = `${input}.html`;
  const r = await emuInProcess(['report', input, '--out', out, ...extra]);
  expect(r.status, r.stderr).toBe(expectCode);
  expect(r.stdout).toBe('');
  return out;
}

/** What the shared page reports while one report is open: page errors and dialogs (an injected script would raise one). */
let seen: { errors: string[]; dialogs: string[] } = { errors: [], dialogs: [] };
let shared: Page | undefined;
const VIEWPORT = { width: 1400, height: 900 };

/**
 * Opens a report in the one page every test shares (a new tab per report was a renderer process each: ~0.13 s of
 * CPU per page, about 4 s of the file's; issue #21); collects its page errors and dialogs from here on.
 */
async function open(html: string): Promise<{ page: Page; errors: string[]; dialogs: string[] }> {
  if (shared === undefined || shared.isClosed()) {
    // the persistent context's own first tab, else a new one
    const page = (shared = ctx.pages().find((p) => !p.isClosed()) ?? (await ctx.newPage()));
    page.on('pageerror', (e) => seen.errors.push(e.message));
    page.on('dialog', (d) => {
      seen.dialogs.push(d.message());
      void d.dismiss();
    });
  }
  seen = { errors: [], dialogs: [] };
  await shared.goto(pathToFileURL(html).href);
  await shared.waitForSelector('body[data-rendered="1"]', { timeout: 20_000 });
  return { page: shared, ...seen };
}

/** Leaves the shared page as a new one would be for the next report: the default viewport, the pointer at 0,0. */
async function leave(page: Page): Promise<void> {
  const v = page.viewportSize();
  if (v?.width !== VIEWPORT.width || v.height !== VIEWPORT.height) await page.setViewportSize(VIEWPORT);
  await page.mouse.move(0, 0);
}

interface Drawn {
  rows: Array<{ row: number; kind: string; label: string; visible: string }>;
  bars: Array<{ row: number; state: string; label: string; frames: number[] }>;
  marks: Array<{ row: number; kind: string; frames: number[]; late: boolean }>;
}

/** What the page drew, read back from the SVG. */
async function drawn(page: Page): Promise<Drawn> {
  return page.evaluate(() => {
    const nums = (s: string | undefined) => String(s).split(',').map(Number);
    return {
      rows: [...document.querySelectorAll('text.lbl')].map((t) => ({
        row: Number(t.dataset['row']),
        kind: t.classList[1] as string,
        label: t.querySelector('title')?.textContent ?? '',
        visible: t.firstChild?.nodeValue ?? '',
      })),
      bars: [...document.querySelectorAll('rect.bar')].map((b) => ({ row: Number(b.dataset['row']), state: b.dataset['state'] as string, label: b.dataset['label'] as string, frames: nums(b.dataset['frames']) })),
      marks: [...document.querySelectorAll('g.mark')].map((m) => ({ row: Number(m.dataset['row']), kind: m.dataset['kind'] as string, frames: nums(m.dataset['frames']), late: m.classList.contains('late') })),
    };
  });
}

/** Compares the drawn picture (frame-order axis, where no two frames share a pixel) with the oracle. */
function compare(d: Drawn, want: ExpectedRow[]): void {
  expect(d.rows.map((r) => [r.kind, r.label])).toEqual(want.map((r) => [r.kind, r.label]));
  const bars = new Map(d.bars.map((b) => [b.row, b]));
  want.forEach((w, i) => {
    if (w.state !== undefined) expect({ row: w.label, state: bars.get(i)?.state }).toEqual({ row: w.label, state: w.state });
    else expect(bars.has(i), `row ${w.label} has no bar`).toBe(false);
    const marks = d.marks.filter((m) => m.row === i);
    // one mark per frame on this axis, in stream order
    expect(marks.every((m) => m.frames.length === 1), `row ${w.label}: no clustered marks on the frame-order axis`).toBe(true);
    expect(marks.map((m) => ({ f: m.frames[0], kind: m.kind, late: m.late }))).toEqual(w.marks);
  });
}

describe('cbc-emu report in chromium (issue #11)', () => {
  for (const scenario of SCENARIOS) {
    for (const profile of ['cbc', 'claude-2.1.328']) {
      it(`${scenario} x ${profile}: bars and markers match the transcript; a click shows the frame`, async () => {
        const { transcript, journal } = await runScenario(scenario, profile);
        const text = readFileSync(transcript, 'utf8');
        const recs = records(text);
        // --check: the emulator's own output has no violation (issue #6), so exit 0 and an empty Check lane
        const { page, errors, dialogs } = await open(await report(transcript, ['--check']));
        try {
          const summary = await page.textContent('#summary');
          expect(summary).toContain(`${recs.length} frames`);
          expect(summary).toContain('0 violation(s)');
          await page.evaluate(() => window.__report.setAxis('order'));
          const d = await drawn(page);
          const want = expectedRows(recs, true);
          compare(d, want);
          // every frame is exactly one mark
          expect(d.marks.flatMap((m) => m.frames).sort((a, b) => a - b)).toEqual(recs.map((_, i) => i));

          // on the time axis, clustering merges marks but loses none, and bars stay the same
          await page.evaluate(() => window.__report.setAxis('time'));
          const t = await drawn(page);
          expect(t.marks.flatMap((m) => m.frames).sort((a, b) => a - b)).toEqual(recs.map((_, i) => i));
          expect(t.bars.map((b) => [b.label, b.state])).toEqual(d.bars.map((b) => [b.label, b.state]));

          // hover then click a mark: the tooltip names it, the detail panel shows its raw frame
          await page.evaluate(() => window.__report.setAxis('order'));
          const target = d.marks.find((m) => m.kind === 'notify') ?? d.marks.find((m) => m.kind === 'result') ?? (d.marks[0] as Drawn['marks'][number]);
          const f = target.frames[0] as number;
          const sel = `g.mark[data-frames="${f}"]`;
          await page.hover(sel);
          expect(await page.isVisible('#tip')).toBe(true);
          expect(await page.textContent('#tip')).toContain(`line ${f + 1} `);
          await page.click(sel);
          await page.waitForSelector('#detail:not([hidden])');
          const shown = await page.textContent(`#detail section[data-frame="${f}"] pre`);
          expect(JSON.parse(shown as string)).toEqual(recs[f]?.frame);
          // clicking an agent bar shows the snapshot holding its final state
          const agentBar = d.bars.find((b) => want[b.row]?.kind === 'agent');
          if (agentBar) {
            await page.click(`rect.bar[data-row="${agentBar.row}"]`);
            const pre = await page.textContent(`#detail section[data-frame="${agentBar.frames[0]}"] pre`);
            expect(JSON.parse(pre as string)['workflow_progress'].some((r: any) => r.label === agentBar.label)).toBe(true);
          }
          if (scenario === 'deep-research' && profile === 'cbc') {
            await page.click('#detail-close');
            await page.evaluate(() => window.__report.setAxis('time'));
            await page.mouse.move(0, 0);
            // crop the empty space under the last row: the README shows the picture, not a blank page
            const height = await page.evaluate(() => document.querySelector('header').offsetHeight + window.__report.height + 4);
            await page.setViewportSize({ width: 1400, height: Math.min(900, Math.ceil(height)) });
            await page.evaluate(() => window.__report.render());
            mkdirSync(join(ROOT, 'docs', 'img'), { recursive: true });
            await page.screenshot({ path: join(ROOT, 'docs', 'img', 'report-deep-research.png') });
          }
          expect(errors).toEqual([]);
          expect(dialogs).toEqual([]);
        } finally {
          await leave(page);
        }

        if (profile !== 'cbc') return;
        // the journal of the same run: same tasks and bars, plus the consumer's frames (initialize → ACK)
        const jtext = readFileSync(journal, 'utf8');
        const jrecs = records(jtext);
        const j = await open(await report(journal));
        try {
          expect(await j.page.textContent('#summary')).toContain('journal');
          await j.page.evaluate(() => window.__report.setAxis('order'));
          compare(await drawn(j.page), expectedRows(jrecs, false));
          const init = jrecs.findIndex((r) => r.dir === 'in' && r.frame['type'] === 'control_request');
          const ack = jrecs.findIndex((r) => r.dir === 'out' && r.frame['type'] === 'control_response' && r.frame['response']?.['request_id'] === 'req_1');
          expect(init).toBeGreaterThanOrEqual(0);
          expect(ack).toBeGreaterThan(init);
          expect(j.errors).toEqual([]);
        } finally {
          await leave(j.page);
        }
      });
    }
  }

  it('a live permissions run: CLI-initiated can_use_tool requests and the host ACKs are paired on the Control lane', async () => {
    // issue #10 requests seen from a journal: the host answers can_use_tool, the report links request → ACK
    const dir = mkdtempSync(join(WORK, 'live-'));
    const journal = join(dir, 'journal.ndjson');
    const live = spawnLive([...STREAM_FLAGS, '--emu-scenario', join(ROOT, 'scenarios', 'permissions.yaml'), '--emu-seed', 'report', '--emu-speed', '0', '--emu-home', join(dir, 'emu'), '--emu-journal', journal]);
    live.send(ctl('req_1', { subtype: 'initialize' }));
    live.send(user('clean up'));
    const at = await live.waitFor((f) => f['type'] === 'control_request');
    const req = live.frames()[at] as Record<string, any>;
    live.send({ type: 'control_response', response: { subtype: 'success', request_id: req['request_id'], response: { behavior: 'allow', updatedInput: req['request']['input'] } } });
    await live.waitFor((f) => f['type'] === 'result');
    live.child.stdin.end();
    expect((await live.exited).code).toBe(0);
    const jrecs = records(readFileSync(journal, 'utf8'));
    const { page, errors } = await open(await report(journal));
    try {
      await page.evaluate(() => window.__report.setAxis('order'));
      const d = await drawn(page);
      compare(d, expectedRows(jrecs, false));
      const control = d.marks.filter((m) => m.row === 1);
      // initialize (host → CLI), its ACK, can_use_tool (CLI → host), the host's allow: request, ACK, request, ACK
      expect(control.map((m) => m.kind)).toEqual(['ctl-req', 'ctl-ack', 'ctl-req', 'ctl-ack']);
      expect(await page.locator('#chart path.link').count()).toBe(2); // two request → ACK links
      await page.click(`g.mark[data-frames="${control[2]?.frames[0]}"]`);
      expect(await page.textContent('#detail h3')).toContain('control_request can_use_tool Bash');
      expect(errors).toEqual([]);
    } finally {
      await leave(page);
    }
  });

  it('--check marks each violation on its frame; a cassette from cbc-emu record is drawn on the frame clocks', async () => {
    // issue #11: violations found by `cbc-emu check` are marked on the timeline; a repeated notification
    // breaks task.notification.once (seed 002 §8: one notification per task)
    const { transcript } = await runScenario('failing-workflow', 'cbc');
    const lines = readFileSync(transcript, 'utf8').split('\n').filter((l) => l !== '');
    const n = lines.findIndex((l) => l.includes('"subtype":"task_notification"'));
    const broken = join(WORK, 'broken.ndjson');
    writeFileSync(broken, [...lines.slice(0, n + 1), lines[n], ...lines.slice(n + 1)].join('\n') + '\n');
    const { page, errors } = await open(await report(broken, ['--check'], 1));
    try {
      await page.evaluate(() => window.__report.setAxis('order'));
      const d = await drawn(page);
      const check = d.marks.filter((m) => m.row === 3 && m.kind === 'violation');
      expect(check.map((m) => m.frames[0])).toContain(n + 1); // the duplicate, on line n + 2
      expect(await page.locator(`g.mark.viol.k-notify[data-frames="${n + 1}"]`).count()).toBe(1); // ringed on its task row too
      await page.click(`g.mark[data-kind="violation"][data-frames="${n + 1}"]`);
      expect(await page.textContent('#detail .viol')).toContain('task.notification.once');
      expect(errors).toEqual([]);
    } finally {
      await leave(page);
    }
    // a cassette recorded by `cbc-emu record` (docs/cassettes.md): header, {t, dir, frame}, eof, exit
    const cassette = join(WORK, 'run.cassette.ndjson');
    const rec = spawnSync(process.execPath, [EMU, 'record', '--out', cassette, '--', process.execPath, join(ROOT, 'bin', 'cbc.js'), ...STREAM_FLAGS,
      '--emu-scenario', join(ROOT, 'scenarios', 'failing-workflow.yaml'), '--emu-seed', 'report', '--emu-speed', '0', '--emu-home', join(WORK, 'rec-home')],
    { input: ndjson(ctl('req_1', { subtype: 'initialize' }), user('go')), encoding: 'utf8', cwd: WORK });
    expect(rec.status, rec.stderr).toBe(0);
    const entries = records(readFileSync(cassette, 'utf8'));
    expect(entries.some((e) => e.dir === 'in') && entries.some((e) => e.frame['subtype'] === 'task_notification')).toBe(true);
    const c = await open(await report(cassette));
    try {
      expect(await c.page.textContent('#summary')).toContain(`cassette · ${entries.length} frames`);
      expect(await c.page.textContent('#summary')).toContain('own clocks');
      // the failing agent is red and the task bar failed, on the frames' clock despite the wall-clock cassette
      expect((await drawn(c.page)).bars.map((b) => b.state)).toContain('error');
      await c.page.evaluate(() => window.__report.setAxis('order'));
      const want = expectedRows(entries, false);
      compare(await drawn(c.page), want);
      expect(c.errors).toEqual([]);
    } finally {
      await leave(c.page);
    }
  });

  it('a hostile transcript renders as text: <script> and quotes in labels, </script> and U+2028 in frames (seed 000 §9)', async () => {
    const evil = `<script>alert(1)</script>"'`;
    const evilName = `"><i>w</i>'`;
    const S = 'e0e0e0e0-0000-4000-8000-000000000001';
    const row = (state: string, extra: Record<string, unknown> = {}) => ({ type: 'workflow_agent', index: 1, label: evil, phaseIndex: 1, phaseTitle: '<b>bold</b>', agentId: 'v2:x', state, startedAt: 1796014746100, ...extra });
    const frames = [
      { type: 'system', subtype: 'init', session_id: S, __timestamp: '2026-11-30T04:59:06.000Z' },
      { type: 'assistant', message: { content: [{ type: 'text', text: '</script><script>alert(2)</script>\u2028\u2029' }] }, session_id: S },
      { type: 'system', subtype: 'task_started', task_id: 't1', task_type: 'local_workflow', workflow_name: evilName, description: `<img src=x onerror=alert(3)>`, session_id: S },
      { type: 'system', subtype: 'task_progress', task_id: 't1', workflow_progress: [{ type: 'workflow_phase', index: 1, title: '<b>bold</b>' }, row('start')], session_id: S },
      { type: 'system', subtype: 'task_progress', task_id: 't1', workflow_progress: [{ type: 'workflow_phase', index: 1, title: '<b>bold</b>' }, row('error', { endedAt: 1796014746600, error: '</script><svg onload=alert(4)>' })], session_id: S },
      { type: 'system', subtype: 'task_updated', task_id: 't1', patch: { status: 'failed', end_time: 1796014746700 }, session_id: S },
      { type: 'system', subtype: 'task_notification', task_id: 't1', status: 'failed', summary: evil, session_id: S },
      { type: 'result', subtype: 'success', is_error: false, result: '</script>', session_id: S },
    ];
    const file = join(WORK, 'hostile.ndjson');
    writeFileSync(file, ndjson(...frames));
    const html = `${file}.html`;
    const r = spawnSync(process.execPath, [EMU, 'report', file, '--out', html, '--title', evil], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const source = readFileSync(html, 'utf8');
    expect(source).toContain('alert(2)'); // the frame is in the page, but only as escaped JSON
    expect(source).not.toContain('</script><script>alert(2)');
    expect(source).not.toMatch(/[\u2028\u2029]/);
    const { page, errors, dialogs } = await open(html);
    try {
      expect(await page.title()).toBe(evil);
      expect(await page.textContent('h1')).toBe(evil);
      // only the report's own two scripts exist; no markup from the stream became elements
      expect(await page.locator('script').count()).toBe(2);
      expect(await page.locator('img, b, i, foreignObject, iframe').count()).toBe(0);
      expect(await page.locator('svg svg').count()).toBe(0);
      const d = await drawn(page);
      const labels = d.rows.map((x) => x.visible);
      expect(labels).toContain(evil); // the agent row, verbatim and visible
      expect(labels).toContain(`workflow ${evilName}`);
      expect(labels).toContain('1. <b>bold</b>');
      expect(await page.locator('text.lbl.agent').first().isVisible()).toBe(true);
      const bar = d.bars.find((b) => b.label === evil);
      expect(bar?.state).toBe('error');
      await page.click(`rect.bar[data-row="${bar?.row}"]`);
      const pre = await page.textContent(`#detail section[data-frame="${bar?.frames[0]}"] pre`);
      expect(JSON.parse(pre as string)).toEqual(frames[4]);
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await leave(page);
    }
  });
  it.each([
    [1e17, 1], // 1 ms apart rounds to one double: every frame at the same time
    [9e18, 1024], // 1,024 ms apart: distinct doubles, 1,024 ms is 1 ulp here
  ])('timestamps from %d, %d ms apart, render: axis ticks, bars and marks on the time axis (issue #18, class 14)', async (base, gap) => {
    const S = 'e0e0e0e0-0000-4000-8000-000000000002';
    const at = (n: number) => base + n * gap;
    const frames = [
      { type: 'system', subtype: 'init', session_id: S, timestamp: at(0) },
      { type: 'system', subtype: 'task_started', task_id: 't1', task_type: 'local_bash', description: 'big clock', session_id: S, timestamp: at(1) },
      { type: 'system', subtype: 'task_updated', task_id: 't1', patch: { status: 'completed', end_time: at(3) }, session_id: S },
      { type: 'system', subtype: 'task_notification', task_id: 't1', status: 'completed', summary: 'done', session_id: S, timestamp: at(4) },
      { type: 'result', subtype: 'success', is_error: false, result: 'ok', session_id: S, timestamp: at(5) },
    ];
    const file = join(WORK, `big-clock-${base}.ndjson`);
    writeFileSync(file, ndjson(...frames));
    const { page, errors } = await open(await report(file));
    try {
      expect(await page.textContent('.axis')).toContain('time since first frame');
      const ticks = await page.locator('.axis text').count();
      expect(ticks, 'axis ticks besides the axis title').toBeGreaterThan(2);
      const d = await drawn(page);
      expect(d.bars.map((b) => b.state)).toEqual(['done']);
      expect(d.marks.length).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await leave(page);
    }
  });
});
