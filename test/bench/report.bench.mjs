// Benchmark of `cbc-emu report` on a 10,000-frame run (issue #11: "works for 10,000-frame runs without
// freezing the page (measure in the benchmark)"). Not part of npm test. Needs a build and /usr/bin/chromium.
// Run: npm run build && node test/bench/report.bench.mjs [turns]   (default 480 turns ≈ 10,000 frames)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const turns = Number(process.argv[2] ?? 480);
const dir = mkdtempSync(join(tmpdir(), 'cbc-emu-report-bench-'));

// A real emulator run: one five-agent, two-phase workflow per turn (one cached, one failing agent),
// each notification starting a follow-up turn, so workflows overlap as in a busy session.
let yaml = 'name: report-bench\nturns:\n';
for (let i = 0; i < turns; i++) {
  yaml += `  - reply: "Working ${i}."\n    workflow:\n      name: bench-${i}\n      phases:\n        - title: Gather\n          agents:\n`;
  yaml += '            - { label: g1, duration: 300ms, result: "ok" }\n            - { label: g2, duration: 500ms, result: "ok" }\n            - { label: g3, cached: true, result: "cache" }\n';
  yaml += '        - title: Verify\n          agents:\n            - { label: v1, duration: 200ms, fail: "nope" }\n            - { label: v2, duration: 400ms, result: "ok" }\n';
  yaml += `    result: "Done ${i}."\n`;
}
writeFileSync(join(dir, 'scenario.yaml'), yaml);
const stdin = [{ type: 'control_request', request_id: 'req_1', request: { subtype: 'initialize' } }]
  .concat(Array.from({ length: turns }, (_, i) => ({ type: 'user', message: { role: 'user', content: `go ${i}` }, parent_tool_use_id: null, session_id: '' })))
  .map((f) => JSON.stringify(f) + '\n')
  .join('');
const run = spawnSync(process.execPath, [join(ROOT, 'bin/cbc.js'), '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose',
  '--emu-scenario', join(dir, 'scenario.yaml'), '--emu-seed', 'bench', '--emu-speed', '0', '--emu-home', join(dir, 'home')], { input: stdin, maxBuffer: 1 << 30 });
if (run.status !== 0) throw new Error(`bin/cbc.js exited ${run.status}: ${run.stderr}`);
const transcript = join(dir, 'run.ndjson');
writeFileSync(transcript, run.stdout);
const frames = run.stdout.toString('utf8').split('\n').filter((l) => l !== '').length;

const html = join(dir, 'run.html');
let t = performance.now();
const rep = spawnSync(process.execPath, [join(ROOT, 'bin/cbc-emu.js'), 'report', transcript, '--out', html, '--check'], { encoding: 'utf8' });
const buildMs = performance.now() - t;
if (rep.status !== 0) throw new Error(`cbc-emu report exited ${rep.status}: ${rep.stderr}`);

const profile = mkdtempSync(join(tmpdir(), 'cbc-emu-chromium-'));
const ctx = await chromium.launchPersistentContext(profile, {
  executablePath: '/usr/bin/chromium',
  headless: true,
  viewport: { width: 1400, height: 900 },
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await ctx.newPage();
const errors = [];
page.on('pageerror', (e) => errors.push(e.message));
const loads = [];
for (let i = 0; i < 3; i++) {
  t = performance.now();
  await page.goto(pathToFileURL(html).href);
  await page.waitForSelector('body[data-rendered="1"]');
  // renderedAt: ms from navigation start until the first picture was drawn (parse JSON + first render)
  loads.push({ wall: performance.now() - t, page: await page.evaluate(() => window.__report.renderedAt) });
}
// Re-render cost while the user scrolls, zooms and switches axis (each must stay well under a frame budget).
const rerender = await page.evaluate(() => {
  const s = document.getElementById('scroller');
  const times = [];
  const time = (fn) => { const t0 = performance.now(); fn(); window.__report.render(); times.push(performance.now() - t0); };
  for (let i = 0; i < 20; i++) time(() => { s.scrollTop = (s.scrollHeight * i) / 20; });
  time(() => window.__report.setAxis('order'));
  for (let i = 0; i < 10; i++) time(() => { s.scrollTop = (s.scrollHeight * i) / 10; });
  time(() => window.__report.setAxis('time'));
  times.sort((a, b) => a - b);
  return { n: times.length, median: times[times.length >> 1], max: times[times.length - 1], nodes: document.getElementById('chart').querySelectorAll('*').length, rows: JSON.parse(document.getElementById('report-data').textContent).rows.length };
});
await ctx.close();
rmSync(profile, { recursive: true, force: true });

const best = loads.reduce((a, b) => (b.page < a.page ? b : a));
console.log(`transcript: ${frames} frames, ${(statSync(transcript).size / 1048576).toFixed(1)} MB; report: ${(statSync(html).size / 1048576).toFixed(1)} MB html, ${rerender.rows} rows, built in ${buildMs.toFixed(0)} ms (incl. --check, node start-up)`);
console.log(`page load + first render in headless chromium: ${best.page.toFixed(0)} ms from navigation start (goto → rendered ${best.wall.toFixed(0)} ms wall); runs: ${loads.map((l) => l.page.toFixed(0)).join(', ')} ms`);
console.log(`re-render (scroll/zoom/axis, ${rerender.n} samples): median ${rerender.median.toFixed(1)} ms, max ${rerender.max.toFixed(1)} ms, ${rerender.nodes} SVG nodes in view`);
if (errors.length) console.log(`page errors: ${errors.join('; ')}`);
rmSync(dir, { recursive: true, force: true });
