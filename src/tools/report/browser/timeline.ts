/**
 * The report page's script (compiled by ./tsconfig.json, inlined into the page by ../page.ts). It reads
 * the model from the `application/json` block and builds every node with createElement(NS) +
 * textContent: stream text never reaches innerHTML (seed 000 §9). Only the rows in view are drawn, and
 * marks closer than a few pixels are merged into one cluster, so a 10,000-frame run costs the same per
 * frame of scrolling as a small one.
 */
import type { Mark, MarkKind, Model, PlacedViolation, Row, Span } from './model.js';

/** The page element with this id (the page template in ../html.ts has them all). */
function byId<T extends Element = HTMLElement>(id: string): T {
  const n = document.getElementById(id);
  if (!n) throw new Error(`report page: no #${id} element`);
  return n as unknown as T;
}

const data = JSON.parse(byId('report-data').textContent ?? 'null') as Model;
const NS = 'http://www.w3.org/2000/svg';
const ROW = 22, AXIS = 28, GUTTER = 340, PADR = 24, CLUSTER_PX = 10;
const { recs, rows, frames, tasks } = data;
const scroller = byId('scroller');
const spacer = byId('spacer');
const svg = byId<SVGSVGElement>('chart');
const tip = byId('tip');
const detail = byId('detail');
const detailBody = byId('detail-body');
const violByFrame = new Map<number, PlacedViolation[]>();
for (const v of data.violations) violByFrame.set(v.f, [...(violByFrame.get(v.f) ?? []), v]);
const PRIORITY: Record<MarkKind, number> = { violation: 9, notify: 8, 'result-error': 7, 'ctl-err': 7, updated: 6, started: 5, 'ctl-req': 4, 'ctl-ack': 4, result: 4, prompt: 3, turn: 3, raw: 2, meta: 1, progress: 1, msg: 0 };
const KIND_TEXT: Record<MarkKind, string> = { turn: 'turn start', prompt: 'prompt', result: 'result', 'result-error': 'error result', 'ctl-req': 'control request', 'ctl-ack': 'ACK', 'ctl-err': 'error response', started: 'task_started', updated: 'status change (task_updated)', notify: 'task_notification', progress: 'task_progress', msg: 'other frame', meta: 'journal event', raw: 'non-JSON line', violation: 'violation' };

type Attrs = Record<string, string | number> | null;
function el(name: string, attrs?: Attrs, text?: string): SVGElement {
  const n = document.createElementNS(NS, name);
  if (attrs) for (const k in attrs) n.setAttribute(k, String(attrs[k]));
  if (text !== undefined) n.textContent = text;
  return n;
}
function html(name: string, cls?: string | null, text?: string): HTMLElement {
  const n = document.createElement(name);
  if (cls) n.className = cls;
  if (text !== undefined) n.textContent = text;
  return n;
}
function clip(s: string, n: number): string {
  return s.length > n ? s.slice(0, n - 1) + '\u2026' : s;
}
const rec = (f: number): Model['recs'][number] => recs[f] as Model['recs'][number];
const rowAt = (ri: number): Row => rows[ri] as Row;

// ---- domain and view ----
const state = { axis: data.axis, x0: 0, x1: 1 };
function domain(axis: Model['axis']): [number, number] {
  if (axis === 'order') return [-0.5, Math.max(recs.length, 1) - 0.5];
  let lo = Infinity, hi = -Infinity;
  for (const r of recs) { lo = Math.min(lo, r[2]); hi = Math.max(hi, r[2]); }
  for (const r of rows) if (r.bar) { lo = Math.min(lo, r.bar.t0); hi = Math.max(hi, r.bar.t1); }
  if (!isFinite(lo)) { lo = 0; hi = 1; }
  if (hi - lo < 1) hi = lo + 1;
  const pad = (hi - lo) * 0.02;
  return [lo - pad, hi + pad];
}
// Times become exact offsets from the first one before anything is drawn: past 2^53 ms doubles are 16+ ms apart,
// so an axis step added to an epoch-sized value would not advance it (issue #18 class 14: timestamps >= 1e17)
((): void => {
  let lo = recs.reduce((m, r) => Math.min(m, r[2]), Infinity); // not Math.min(...recs): 100k arguments overflow
  for (const r of rows) if (r.bar) lo = Math.min(lo, r.bar.t0);
  if (!isFinite(lo)) return;
  for (const r of recs) r[2] -= lo;
  for (const r of rows) if (r.bar) { r.bar.t0 -= lo; r.bar.t1 -= lo; }
})(); // so the axis starts at 0: fmtTime and the ticks count from the first frame
function fit(): void { [state.x0, state.x1] = domain(state.axis); }
function width(): number { return Math.max(GUTTER + 100, scroller.clientWidth); }
function px(v: number): number { return GUTTER + (v - state.x0) / (state.x1 - state.x0) * (width() - GUTTER - PADR); }
function unpx(x: number): number { return state.x0 + (x - GUTTER) / (width() - GUTTER - PADR) * (state.x1 - state.x0); }
function markValue(f: number): number { return state.axis === 'order' ? f : rec(f)[2]; }
function spanOf(s: Span): [number, number] { return state.axis === 'order' ? [s.i0 - 0.4, s.i1 + 0.4] : [s.t0, s.t1]; }
function fmtTime(t: number): string { const s = t / 1000; return '+' + (Math.abs(s) < 10 ? s.toFixed(3) : s.toFixed(2)) + ' s'; }
function where(f: number): string { return state.axis === 'order' ? '#' + f : fmtTime(rec(f)[2]); }

// ---- glyphs ----
const DIAMOND = 'M0,-6 L6,0 L0,6 L-6,0 Z';
const GLYPHS: Partial<Record<MarkKind, [string, Attrs]>> = {
  turn: ['rect', { x: -1.5, y: -8, width: 3, height: 16, fill: '#55627a' }],
  prompt: ['path', { d: 'M-5,-6 L5,-6 L0,3 Z', fill: '#2f6fd6' }],
  result: ['circle', { r: 5, fill: '#2f9e5b', stroke: '#fff', 'stroke-width': 1 }],
  'result-error': ['circle', { r: 5, fill: '#d64545', stroke: '#fff', 'stroke-width': 1 }],
  'ctl-req': ['path', { d: DIAMOND, fill: '#7a4fd0' }],
  'ctl-ack': ['path', { d: DIAMOND, fill: '#fff', stroke: '#7a4fd0', 'stroke-width': 2 }],
  'ctl-err': ['path', { d: DIAMOND, fill: '#fff', stroke: '#d64545', 'stroke-width': 2 }],
  started: ['path', { d: 'M-4,-6 L5,0 L-4,6 Z', fill: '#1d2330' }],
  updated: ['rect', { x: -4.5, y: -4.5, width: 9, height: 9, fill: '#2f6fd6', stroke: '#fff', 'stroke-width': 1 }],
  notify: ['path', { d: 'M0,-7 L2,-2 L7,-2 L3,1.5 L4.5,7 L0,4 L-4.5,7 L-3,1.5 L-7,-2 L-2,-2 Z', fill: '#0f766e', stroke: '#fff', 'stroke-width': 0.8 }],
  progress: ['rect', { x: -1, y: -5, width: 2, height: 10, fill: '#8793a6' }],
  violation: ['path', { d: 'M-5,-5 L5,5 M5,-5 L-5,5', stroke: '#d92d20', 'stroke-width': 3, 'stroke-linecap': 'round' }],
  raw: ['rect', { x: -3.5, y: -3.5, width: 7, height: 7, fill: '#b42318' }],
  meta: ['rect', { x: -3.5, y: -3.5, width: 7, height: 7, fill: '#9aa5b5' }],
};
function glyph(kind: MarkKind): SVGElement {
  const [name, attrs] = GLYPHS[kind] ?? ['circle', { r: 2.5, fill: '#a3adbb' }];
  return el(name, attrs);
}

// ---- header ----
function header(): void {
  byId('title').textContent = data.title;
  const agents = rows.filter((r) => r.kind === 'agent').length;
  byId('summary').textContent = data.input + ' \u00b7 ' + recs.length + ' frames \u00b7 ' + tasks.length + ' task(s) \u00b7 ' + agents + ' workflow agent(s) \u00b7 ' +
    (data.axis === 'time' ? 'time from the frames\u2019 own clocks' : 'no timestamps: frame order') +
    (data.checked ? ' \u00b7 ' + data.violations.length + ' violation(s) found by cbc-emu check' : '');
  const legend = byId('legend');
  const legendItem = (node: SVGElement, text: string, w?: number): void => {
    const s = html('span');
    const g = el('svg', { width: w ?? 14, height: 14, viewBox: (w ? '0' : '-7') + ' -7 ' + (w ?? 14) + ' 14' });
    g.appendChild(node);
    s.appendChild(g);
    s.appendChild(document.createTextNode(text));
    legend.appendChild(s);
  };
  for (const s of ['done', 'error', 'cached', 'aborted', 'running']) legendItem(el('rect', { x: 0, y: -5, width: 18, height: 10, rx: 2, class: 's-' + s }), s, 18);
  const kinds: MarkKind[] = ['started', 'updated', 'notify', 'progress', 'turn', 'prompt', 'result', 'result-error', 'ctl-req', 'ctl-ack'];
  for (const k of data.checked ? [...kinds, 'violation' as const] : kinds) legendItem(glyph(k), KIND_TEXT[k]);
  const lateG = el('g');
  lateG.appendChild(el('circle', { r: 6, fill: 'none', stroke: '#ff7a00', 'stroke-width': 2.5 }));
  legendItem(lateG, 'late row (after the notification)');
}

// ---- drawing ----
function firstAtOrAfter(marks: Mark[], v: number): number {
  let lo = 0, hi = marks.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (markValue((marks[mid] as Mark).f) < v) lo = mid + 1; else hi = mid; }
  return lo;
}

/** One drawn cluster of marks closer than CLUSTER_PX: the most important kind shows, a count tells how many. */
function drawCluster(g: SVGElement, items: Mark[], x: number, ri: number, y: number): void {
  let best = items[0] as Mark;
  let late = false, viol = false;
  for (const m of items) {
    if (PRIORITY[m.k] > PRIORITY[best.k]) best = m;
    if (m.late) late = true;
    if (violByFrame.has(m.f)) viol = true;
  }
  const node = el('g', { class: 'mark k-' + best.k + (late ? ' late' : '') + (viol ? ' viol' : ''), transform: 'translate(' + x.toFixed(1) + ',' + y + ')',
    'data-kind': best.k, 'data-frames': items.map((m) => m.f).join(','), 'data-row': ri });
  if (late) node.appendChild(el('circle', { r: 7.5, fill: '#ffe2c2', stroke: '#ff7a00', 'stroke-width': 2 }));
  if (viol && best.k !== 'violation') node.appendChild(el('circle', { r: 8.5, fill: 'none', stroke: '#d92d20', 'stroke-width': 2, 'stroke-dasharray': '2 1.5' }));
  const gl = glyph(best.k);
  gl.setAttribute('class', 'g');
  node.appendChild(gl);
  if (items.length > 1) {
    node.appendChild(el('circle', { cx: 7, cy: -7, r: 5.5, fill: '#364152' }));
    node.appendChild(el('text', { class: 'cnt', x: 7, y: -4.2, 'text-anchor': 'middle' }, items.length > 99 ? '99+' : String(items.length)));
  }
  g.appendChild(node);
}

function drawMarks(g: SVGElement, row: Row, ri: number, y: number, W: number): void {
  const marks = row.marks;
  if (!marks?.length) return;
  const vLo = unpx(GUTTER - CLUSTER_PX), vHi = unpx(W + CLUSTER_PX);
  let cluster: { x: number; items: Mark[] } | null = null;
  for (let i = firstAtOrAfter(marks, vLo); i < marks.length; i++) {
    const m = marks[i] as Mark;
    const v = markValue(m.f);
    if (v > vHi) break;
    const x = px(v);
    if (cluster && x - cluster.x < CLUSTER_PX) cluster.items.push(m);
    else {
      if (cluster) drawCluster(g, cluster.items, cluster.x, ri, y);
      cluster = { x, items: [m] };
    }
  }
  if (cluster) drawCluster(g, cluster.items, cluster.x, ri, y);
}

function niceStep(span: number, target: number): number {
  const raw = span / Math.max(1, target);
  const p = Math.pow(10, Math.floor(Math.log10(raw)));
  const m = raw / p;
  return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
}

let pending = false;
function schedule(): void { if (!pending) { pending = true; requestAnimationFrame(() => { pending = false; render(); }); } }

/** The layers of one drawing, back to front. */
interface Layers { bg: SVGElement; bars: SVGElement; marks: SVGElement; gut: SVGElement; axis: SVGElement }

/** The task's notification line and its late window (from the notification to the last row that still arrived after it). */
function drawNotification(L: Layers, ti: number, y: number, W: number): void {
  const task = tasks[ti];
  if (task?.notify === undefined) return;
  const nx = px(markValue(task.notify));
  if (task.lateEnd !== undefined) {
    const lx = Math.min(W, px(markValue(task.lateEnd)) + 8), sx = Math.max(GUTTER, nx);
    if (lx > sx) L.bg.appendChild(el('rect', { x: sx, y, width: lx - sx, height: ROW, fill: '#ffe9d1', opacity: 0.75, class: 'late-window' }));
  }
  if (nx >= GUTTER && nx <= W) L.bg.appendChild(el('line', { x1: nx, x2: nx, y1: y, y2: y + ROW, stroke: '#0f766e', 'stroke-dasharray': '3 2' }));
}

function drawBar(L: Layers, row: Row, ri: number, mid: number, W: number): void {
  if (!row.bar) return;
  const [s0, s1] = spanOf(row.bar);
  const x0 = px(s0), x1 = px(s1);
  if (x1 < GUTTER || x0 > W) return;
  const bx = Math.max(GUTTER - 2, x0), bw = Math.max(3, Math.min(W + 2, x1) - bx);
  const h = row.kind === 'task' ? 8 : 12;
  L.bars.appendChild(el('rect', { x: bx, y: mid - h / 2, width: bw, height: h, rx: 2, class: 'bar s-' + row.bar.state + (row.bar.open ? ' open' : ''),
    'data-row': ri, 'data-state': row.bar.state, 'data-frames': row.bar.f, 'data-label': row.label }));
  if (row.bar.note && row.kind === 'agent') {
    const note = clip(row.bar.note, 70);
    // inside the bar when it fits (white on colour), else after it
    if (bw > note.length * 6.2 + 12) L.bars.appendChild(el('text', { class: 'note in', x: bx + 6, y: mid + 3.5 }, note));
    else if (bx + bw + 6 < W) L.bars.appendChild(el('text', { class: 'note', x: bx + bw + 5, y: mid + 3.5 }, note));
  }
}

function drawRow(L: Layers, ri: number, y: number, W: number): void {
  const row = rowAt(ri);
  const mid = y + ROW / 2;
  if (row.kind === 'task') L.bg.appendChild(el('rect', { x: 0, y, width: W, height: ROW, fill: '#f1f4f9' }));
  if (row.kind === 'lane') L.bg.appendChild(el('rect', { x: 0, y, width: W, height: ROW, fill: ri % 2 ? '#fbfcfe' : '#fff' }));
  if (row.band) {
    const [b0, b1] = spanOf(row.band);
    L.bg.appendChild(el('rect', { x: px(b0), y, width: Math.max(2, px(b1) - px(b0)), height: ROW, fill: '#ece6fb', class: 'band' }));
  }
  if (row.task !== undefined) drawNotification(L, row.task, y, W);
  drawBar(L, row, ri, mid, W);
  for (const [from, to] of row.links ?? []) {
    const a = px(markValue(from)), z = px(markValue(to));
    if (z < GUTTER || a > W) continue;
    L.bars.appendChild(el('path', { d: 'M' + a + ',' + mid + ' C' + a + ',' + (y + 2) + ' ' + z + ',' + (y + 2) + ' ' + z + ',' + mid, fill: 'none', stroke: '#7a4fd0', 'stroke-width': 1.2, opacity: 0.6, class: 'link' }));
  }
  drawMarks(L.marks, row, ri, mid, W);
  // gutter: label and sub-label, drawn over anything that scrolled under it
  L.gut.appendChild(el('rect', { x: 0, y, width: GUTTER - 4, height: ROW, fill: row.kind === 'task' ? '#e6ebf3' : '#fff' }));
  const indent = row.kind === 'agent' ? 30 : row.kind === 'phase' ? 18 : 6;
  const lab = el('text', { class: 'lbl ' + row.kind, x: indent, y: mid + 4, 'data-row': ri }, clip(row.label, row.kind === 'task' ? 32 : 34));
  lab.appendChild(el('title', null, row.label));
  L.gut.appendChild(lab);
  if (row.sub) L.gut.appendChild(el('text', { class: 'sub', x: GUTTER - 8, y: mid + 4, 'text-anchor': 'end' }, clip(row.sub, 26)));
  L.gut.appendChild(el('line', { x1: 0, x2: W, y1: y + ROW - 0.5, y2: y + ROW - 0.5, stroke: row.kind === 'task' ? '#d5dbe5' : '#f0f2f6' }));
}

function drawAxis(L: Layers, ticks: number[], W: number, H: number): void {
  L.gut.appendChild(el('line', { x1: GUTTER - 4, x2: GUTTER - 4, y1: 0, y2: H, stroke: '#d5dbe5' }));
  L.axis.appendChild(el('rect', { x: 0, y: 0, width: W, height: AXIS, fill: '#f7f9fc' }));
  L.axis.appendChild(el('line', { x1: 0, x2: W, y1: AXIS - 0.5, y2: AXIS - 0.5, stroke: '#cfd6e0' }));
  for (const v of ticks) {
    const x = px(v);
    if (x < GUTTER) continue;
    L.axis.appendChild(el('line', { x1: x, x2: x, y1: AXIS - 6, y2: AXIS, stroke: '#8793a6' }));
    L.axis.appendChild(el('text', { x, y: AXIS - 9, 'text-anchor': 'middle' }, state.axis === 'order' ? '#' + Math.round(v) : fmtTime(v)));
  }
  L.axis.appendChild(el('text', { x: 8, y: AXIS - 9 }, state.axis === 'order' ? 'frame order' : 'time since first frame'));
}

function render(): void {
  const W = width(), H = scroller.clientHeight;
  svg.setAttribute('width', String(W));
  svg.setAttribute('height', String(H));
  svg.setAttribute('viewBox', '0 0 ' + W + ' ' + H);
  const frag = document.createDocumentFragment();
  const L: Layers = { bg: el('g'), bars: el('g'), marks: el('g'), gut: el('g'), axis: el('g', { class: 'axis' }) };
  frag.append(L.bg, L.bars, L.marks, L.gut, L.axis);
  const top = scroller.scrollTop;
  const first = Math.max(0, Math.floor(top / ROW));
  const last = Math.min(rows.length - 1, Math.floor((top + H - AXIS) / ROW));
  // vertical grid from the axis ticks
  const span = state.x1 - state.x0;
  const step = state.axis === 'order' ? Math.max(1, niceStep(span, (W - GUTTER) / 90)) : niceStep(span, (W - GUTTER) / 110);
  const ticks: number[] = [];
  // at most a screenful of ticks, and none from a step too small to advance (a non-finite or degenerate span)
  if (step > 0 && isFinite(step)) for (let v = Math.ceil(state.x0 / step) * step; v <= state.x1 && ticks.length < 1000 && v + step > v; v += step) ticks.push(v);
  for (const v of ticks) L.bg.appendChild(el('line', { x1: px(v), x2: px(v), y1: AXIS, y2: H, stroke: '#eef1f5' }));
  for (let ri = first; ri <= last; ri++) drawRow(L, ri, AXIS + ri * ROW - top, W);
  drawAxis(L, ticks, W, H);
  svg.replaceChildren(frag);
  spacer.style.height = Math.max(0, rows.length * ROW + AXIS - H) + 'px';
}

// ---- interaction ----
function framesOf(node: Element): number[] { return String(node.getAttribute('data-frames')).split(',').map(Number); }
function rowOf(node: Element): Row { return rowAt(Number(node.getAttribute('data-row'))); }
function describeFrame(f: number): string { const r = rec(f); return 'line ' + r[0] + ' \u00b7 ' + r[1] + ' \u00b7 ' + where(f) + ' \u00b7 ' + r[3]; }
function target(e: Event): Element | null { return e.target instanceof Element ? e.target.closest('[data-frames]') : null; }
function isLate(n: Element, f: number): boolean { return !!rowOf(n).marks?.find((m) => m.f === f)?.late; }

let drag: { x: number; x0: number; x1: number } | null = null, moved = false;
svg.addEventListener('mousemove', (e) => {
  if (drag) return;
  const n = target(e);
  if (!n) { tip.hidden = true; return; }
  const fs = framesOf(n), lines: string[] = [];
  if (n.classList.contains('bar')) lines.push(rowOf(n).label + ' \u2014 ' + n.getAttribute('data-state'));
  for (const f of fs.slice(0, 6)) {
    lines.push(describeFrame(f) + (rowOf(n).marks && tasks.length && isLate(n, f) ? '  [late]' : ''));
    for (const v of violByFrame.get(f) ?? []) lines.push('  \u2716 ' + v.rule + ': ' + v.message);
  }
  if (fs.length > 6) lines.push('\u2026 and ' + (fs.length - 6) + ' more (zoom in)');
  lines.push('click for the raw frame' + (fs.length > 1 ? 's' : ''));
  tip.textContent = lines.join('\n');
  tip.hidden = false;
  const tx = Math.min(e.clientX + 14, window.innerWidth - tip.offsetWidth - 6);
  const ty = e.clientY + 16 + tip.offsetHeight > window.innerHeight ? e.clientY - tip.offsetHeight - 10 : e.clientY + 16;
  tip.style.left = tx + 'px';
  tip.style.top = ty + 'px';
});
svg.addEventListener('mouseleave', () => { tip.hidden = true; });

function showDetail(fs: number[], heading: string | null): void {
  detailBody.replaceChildren();
  if (heading) detailBody.appendChild(html('div', 'heading', heading));
  for (const f of fs.slice(0, 25)) {
    const box = html('section', 'frame');
    box.setAttribute('data-frame', String(f));
    box.appendChild(html('h3', null, describeFrame(f)));
    for (const v of violByFrame.get(f) ?? []) box.appendChild(html('div', 'viol', '\u2716 line ' + v.line + ' ' + v.rule + ': ' + v.message));
    const fr = frames[f];
    box.appendChild(html('pre', 'json', typeof fr === 'string' ? fr : JSON.stringify(fr, null, 2)));
    detailBody.appendChild(box);
  }
  if (fs.length > 25) detailBody.appendChild(html('p', null, '\u2026 and ' + (fs.length - 25) + ' more frames here: zoom in to separate them.'));
  detail.hidden = false;
  detail.scrollTop = 0;
}
svg.addEventListener('click', (e) => {
  if (moved) return;
  const n = target(e);
  if (n) {
    showDetail(framesOf(n), n.classList.contains('bar') ? rowOf(n).label + ' \u2014 ' + n.getAttribute('data-state') : null);
    return;
  }
  const lab = e.target instanceof Element ? e.target.closest('text.lbl') : null;
  if (lab) zoomToRow(Number(lab.getAttribute('data-row')));
});
byId('detail-close').addEventListener('click', () => { detail.hidden = true; });

function zoomToRow(ri: number): void {
  const ti = rowAt(ri).task;
  if (ti === undefined) return;
  let lo = Infinity, hi = -Infinity;
  for (const x of rows) {
    if (x.task !== ti) continue;
    if (x.bar) { const s = spanOf(x.bar); lo = Math.min(lo, s[0]); hi = Math.max(hi, s[1]); }
    for (const m of x.marks ?? []) { const v = markValue(m.f); lo = Math.min(lo, v); hi = Math.max(hi, v); }
  }
  if (!isFinite(lo)) return;
  const pad = Math.max((hi - lo) * 0.05, state.axis === 'order' ? 1 : 5);
  state.x0 = lo - pad; state.x1 = hi + pad;
  schedule();
}
function zoom(factor: number, atX?: number): void {
  const c = unpx(atX === undefined ? (GUTTER + width()) / 2 : atX);
  const minSpan = state.axis === 'order' ? 4 : 2;
  const span = Math.max(minSpan, (state.x1 - state.x0) * factor);
  const ratio = (c - state.x0) / (state.x1 - state.x0);
  state.x0 = c - span * ratio; state.x1 = state.x0 + span;
  schedule();
}
byId('zoom-in').addEventListener('click', () => zoom(0.5));
byId('zoom-out').addEventListener('click', () => zoom(2));
byId('fit').addEventListener('click', () => { fit(); schedule(); });
const axisBtn = byId('axis');
function axisLabel(): void { axisBtn.textContent = state.axis === 'time' ? 'Axis: time (switch to frame order)' : 'Axis: frame order (switch to time)'; }
axisBtn.addEventListener('click', () => { state.axis = state.axis === 'time' ? 'order' : 'time'; fit(); axisLabel(); schedule(); });
scroller.addEventListener('scroll', schedule, { passive: true });
window.addEventListener('resize', schedule);
svg.addEventListener('wheel', (e) => {
  if (e.ctrlKey || e.metaKey) { e.preventDefault(); zoom(e.deltaY > 0 ? 1.25 : 0.8, e.offsetX); }
  else if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
    e.preventDefault();
    const d = (e.deltaX || e.deltaY) / (width() - GUTTER) * (state.x1 - state.x0);
    state.x0 += d; state.x1 += d; schedule();
  }
}, { passive: false });
svg.addEventListener('mousedown', (e) => { if (e.offsetX > GUTTER) { drag = { x: e.clientX, x0: state.x0, x1: state.x1 }; moved = false; } });
window.addEventListener('mousemove', (e) => {
  if (!drag) return;
  const dx = e.clientX - drag.x;
  if (Math.abs(dx) > 3) moved = true;
  if (!moved) return;
  const d = dx / (width() - GUTTER - PADR) * (drag.x1 - drag.x0);
  state.x0 = drag.x0 - d; state.x1 = drag.x1 - d; schedule();
});
window.addEventListener('mouseup', () => { drag = null; setTimeout(() => { moved = false; }, 0); });

/** What the browser test (test/browser/report.test.ts) reads and drives. */
interface ReportHandle { renderedAt: number; height: number; render(): void; setAxis(a: Model['axis']): void; fit(): void }
header();
fit();
axisLabel();
render();
document.body.setAttribute('data-rendered', '1');
(window as unknown as { __report: ReportHandle }).__report = {
  renderedAt: performance.now(), height: rows.length * ROW + AXIS, render,
  setAxis: (a) => { state.axis = a; fit(); axisLabel(); render(); },
  fit: () => { fit(); render(); },
};
