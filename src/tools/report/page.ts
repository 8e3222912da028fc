/**
 * Inline stylesheet of the report page. No external assets: the page works from a file:// URL with
 * the network off (its CSP forbids any fetch).
 */
export const REPORT_CSS = String.raw`
*{box-sizing:border-box}
html,body{margin:0;height:100%;overflow:hidden;font:13px/1.35 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2330;background:#fff}
body{display:flex;flex-direction:column}
header{flex:none;padding:8px 14px 6px;border-bottom:1px solid #dde2ea;background:#f7f9fc}
h1{font-size:16px;margin:0 0 2px;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
#summary{color:#4a5568;margin-bottom:6px}
.bar-row{display:flex;flex-wrap:wrap;gap:6px 14px;align-items:center}
button{font:inherit;padding:2px 9px;border:1px solid #b8c2d0;border-radius:4px;background:#fff;cursor:pointer}
button:hover{background:#eef3fa}
#legend{display:flex;flex-wrap:wrap;gap:4px 12px;color:#4a5568}
#legend span{display:inline-flex;align-items:center;gap:4px}
#legend svg{overflow:visible}
#scroller{position:relative;flex:1;min-height:0;overflow-y:auto;overflow-x:hidden}
#chart{position:sticky;top:0;left:0;display:block;user-select:none}
#tip{position:fixed;z-index:10;pointer-events:none;max-width:520px;background:#1d2330;color:#fff;padding:5px 8px;border-radius:4px;font-size:12px;white-space:pre-wrap;box-shadow:0 2px 8px rgba(0,0,0,.25)}
#detail{position:fixed;right:0;bottom:0;width:min(720px,60vw);max-height:55vh;overflow:auto;background:#fff;border:1px solid #b8c2d0;border-radius:6px 0 0 0;box-shadow:0 -2px 14px rgba(0,0,0,.18);padding:8px 12px}
#detail h3{font-size:13px;margin:10px 0 4px}
#detail pre{margin:0;padding:6px 8px;background:#f4f6f9;border-radius:4px;font:12px/1.4 ui-monospace,Menlo,Consolas,monospace;white-space:pre-wrap;word-break:break-all}
#detail .viol{color:#b42318;margin:2px 0}
#detail-close{float:right}
[hidden]{display:none!important}
.lbl{font-size:12px;fill:#1d2330}
.lbl.task{font-weight:600}
.lbl.lane{font-weight:600;fill:#364152}
.lbl.phase{fill:#5b4a8b;font-style:italic}
.sub{font-size:10.5px;fill:#6b7686}
.note{font-size:10.5px;fill:#4a5568;pointer-events:none}
.note.in{fill:#fff;font-weight:600}
.axis text{font-size:10.5px;fill:#4a5568}
.mark,.bar{cursor:pointer}
.mark:hover .g,.bar:hover{filter:brightness(1.15)}
.s-done{fill:#2f9e5b}.s-error{fill:#d64545}.s-cached{fill:#8a9bb3}.s-aborted{fill:#e0891f}.s-running{fill:#78aee8}
.bar.open{stroke:#3b78c2;stroke-dasharray:3 2}
.cnt{font-size:9px;fill:#fff;font-weight:700;pointer-events:none}
`;

/**
 * Inline script of the report page. It reads the model from the `application/json` block and builds
 * every node with createElement(NS) + textContent: stream text never reaches innerHTML (seed 000 §9).
 * Only the rows in view are drawn, and marks closer than a few pixels are merged into one cluster, so
 * a 10,000-frame run costs the same per frame of scrolling as a small one.
 */
export const REPORT_JS = String.raw`
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var NS = 'http://www.w3.org/2000/svg';
  var ROW = 22, AXIS = 28, GUTTER = 340, PADR = 24, CLUSTER_PX = 10;
  var recs = data.recs, rows = data.rows, frames = data.frames, tasks = data.tasks;
  var scroller = document.getElementById('scroller');
  var spacer = document.getElementById('spacer');
  var svg = document.getElementById('chart');
  var tip = document.getElementById('tip');
  var detail = document.getElementById('detail');
  var detailBody = document.getElementById('detail-body');
  var violByFrame = {};
  data.violations.forEach(function (v) { (violByFrame[v.f] = violByFrame[v.f] || []).push(v); });
  var PRIORITY = { violation: 9, notify: 8, 'result-error': 7, 'ctl-err': 7, updated: 6, started: 5, 'ctl-req': 4, 'ctl-ack': 4, result: 4, prompt: 3, turn: 3, raw: 2, meta: 1, progress: 1, msg: 0 };
  var KIND_TEXT = { turn: 'turn start', prompt: 'prompt', result: 'result', 'result-error': 'error result', 'ctl-req': 'control request', 'ctl-ack': 'ACK', 'ctl-err': 'error response', started: 'task_started', updated: 'status change (task_updated)', notify: 'task_notification', progress: 'task_progress', msg: 'other frame', meta: 'journal event', raw: 'non-JSON line', violation: 'violation' };

  function el(name, attrs, text) {
    var n = document.createElementNS(NS, name);
    if (attrs) for (var k in attrs) n.setAttribute(k, String(attrs[k]));
    if (text !== undefined) n.textContent = text;
    return n;
  }
  function html(name, cls, text) {
    var n = document.createElement(name);
    if (cls) n.className = cls;
    if (text !== undefined) n.textContent = text;
    return n;
  }
  function clip(s, n) { s = String(s); return s.length > n ? s.slice(0, n - 1) + '\u2026' : s; }

  // ---- domain and view ----
  var state = { axis: data.axis, x0: 0, x1: 1 };
  function domain(axis) {
    if (axis === 'order') return [-0.5, Math.max(recs.length, 1) - 0.5];
    var lo = Infinity, hi = -Infinity;
    for (var i = 0; i < recs.length; i++) { var t = recs[i][2]; if (t < lo) lo = t; if (t > hi) hi = t; }
    rows.forEach(function (r) { if (r.bar) { lo = Math.min(lo, r.bar.t0); hi = Math.max(hi, r.bar.t1); } });
    if (!isFinite(lo)) { lo = 0; hi = 1; }
    if (hi - lo < 1) hi = lo + 1;
    var pad = (hi - lo) * 0.02;
    return [lo - pad, hi + pad];
  }
  var tBase = (function () { var lo = Infinity; recs.forEach(function (r) { lo = Math.min(lo, r[2]); }); rows.forEach(function (r) { if (r.bar) lo = Math.min(lo, r.bar.t0); }); return isFinite(lo) ? lo : 0; })();
  function fit() { var d = domain(state.axis); state.x0 = d[0]; state.x1 = d[1]; }
  function width() { return Math.max(GUTTER + 100, scroller.clientWidth); }
  function px(v) { return GUTTER + (v - state.x0) / (state.x1 - state.x0) * (width() - GUTTER - PADR); }
  function unpx(x) { return state.x0 + (x - GUTTER) / (width() - GUTTER - PADR) * (state.x1 - state.x0); }
  function markValue(f) { return state.axis === 'order' ? f : recs[f][2]; }
  function spanOf(s) { return state.axis === 'order' ? [s.i0 - 0.4, s.i1 + 0.4] : [s.t0, s.t1]; }
  function fmtTime(t) { var s = (t - tBase) / 1000; return '+' + (Math.abs(s) < 10 ? s.toFixed(3) : s.toFixed(2)) + ' s'; }
  function where(f) { return state.axis === 'order' ? '#' + f : fmtTime(recs[f][2]); }

  // ---- glyphs ----
  function glyph(kind) {
    switch (kind) {
      case 'turn': return el('rect', { x: -1.5, y: -8, width: 3, height: 16, fill: '#55627a' });
      case 'prompt': return el('path', { d: 'M-5,-6 L5,-6 L0,3 Z', fill: '#2f6fd6' });
      case 'result': return el('circle', { r: 5, fill: '#2f9e5b', stroke: '#fff', 'stroke-width': 1 });
      case 'result-error': return el('circle', { r: 5, fill: '#d64545', stroke: '#fff', 'stroke-width': 1 });
      case 'ctl-req': return el('path', { d: 'M0,-6 L6,0 L0,6 L-6,0 Z', fill: '#7a4fd0' });
      case 'ctl-ack': return el('path', { d: 'M0,-6 L6,0 L0,6 L-6,0 Z', fill: '#fff', stroke: '#7a4fd0', 'stroke-width': 2 });
      case 'ctl-err': return el('path', { d: 'M0,-6 L6,0 L0,6 L-6,0 Z', fill: '#fff', stroke: '#d64545', 'stroke-width': 2 });
      case 'started': return el('path', { d: 'M-4,-6 L5,0 L-4,6 Z', fill: '#1d2330' });
      case 'updated': return el('rect', { x: -4.5, y: -4.5, width: 9, height: 9, fill: '#2f6fd6', stroke: '#fff', 'stroke-width': 1 });
      case 'notify': return el('path', { d: 'M0,-7 L2,-2 L7,-2 L3,1.5 L4.5,7 L0,4 L-4.5,7 L-3,1.5 L-7,-2 L-2,-2 Z', fill: '#0f766e', stroke: '#fff', 'stroke-width': 0.8 });
      case 'progress': return el('rect', { x: -1, y: -5, width: 2, height: 10, fill: '#8793a6' });
      case 'violation': return el('path', { d: 'M-5,-5 L5,5 M5,-5 L-5,5', stroke: '#d92d20', 'stroke-width': 3, 'stroke-linecap': 'round' });
      case 'raw': return el('rect', { x: -3.5, y: -3.5, width: 7, height: 7, fill: '#b42318' });
      case 'meta': return el('rect', { x: -3.5, y: -3.5, width: 7, height: 7, fill: '#9aa5b5' });
      default: return el('circle', { r: 2.5, fill: '#a3adbb' });
    }
  }

  // ---- header ----
  document.getElementById('title').textContent = data.title;
  var agents = rows.filter(function (r) { return r.kind === 'agent'; }).length;
  document.getElementById('summary').textContent = data.input + ' \u00b7 ' + recs.length + ' frames \u00b7 ' + tasks.length + ' task(s) \u00b7 ' + agents + ' workflow agent(s) \u00b7 ' +
    (data.axis === 'time' ? 'time from the frames\u2019 own clocks' : 'no timestamps: frame order') +
    (data.checked ? ' \u00b7 ' + data.violations.length + ' violation(s) found by cbc-emu check' : '');
  var legend = document.getElementById('legend');
  function legendItem(node, text, w) {
    var s = html('span');
    var g = el('svg', { width: w || 14, height: 14, viewBox: (w ? '0' : '-7') + ' -7 ' + (w || 14) + ' 14' });
    g.appendChild(node);
    s.appendChild(g);
    s.appendChild(document.createTextNode(text));
    legend.appendChild(s);
  }
  ['done', 'error', 'cached', 'aborted', 'running'].forEach(function (s) {
    legendItem(el('rect', { x: 0, y: -5, width: 18, height: 10, rx: 2, 'class': 's-' + s }), s, 18);
  });
  ['started', 'updated', 'notify', 'progress', 'turn', 'prompt', 'result', 'result-error', 'ctl-req', 'ctl-ack'].concat(data.checked ? ['violation'] : []).forEach(function (k) {
    legendItem(glyph(k), KIND_TEXT[k]);
  });
  var lateG = el('g');
  lateG.appendChild(el('circle', { r: 6, fill: 'none', stroke: '#ff7a00', 'stroke-width': 2.5 }));
  legendItem(lateG, 'late row (after the notification)');

  // ---- drawing ----
  function firstAtOrAfter(marks, v) {
    var lo = 0, hi = marks.length;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (markValue(marks[mid].f) < v) lo = mid + 1; else hi = mid; }
    return lo;
  }

  function drawMarks(g, row, ri, y, W) {
    var marks = row.marks;
    if (!marks || !marks.length) return;
    var vLo = unpx(GUTTER - CLUSTER_PX), vHi = unpx(W + CLUSTER_PX);
    var cluster = null;
    function flush() {
      if (!cluster) return;
      var best = cluster.items[0];
      var late = false, viol = false;
      cluster.items.forEach(function (m) {
        if ((PRIORITY[m.k] || 0) > (PRIORITY[best.k] || 0)) best = m;
        if (m.late) late = true;
        if (violByFrame[m.f]) viol = true;
      });
      var node = el('g', { 'class': 'mark k-' + best.k + (late ? ' late' : '') + (viol ? ' viol' : ''), transform: 'translate(' + cluster.x.toFixed(1) + ',' + y + ')',
        'data-kind': best.k, 'data-frames': cluster.items.map(function (m) { return m.f; }).join(','), 'data-row': ri });
      if (late) node.appendChild(el('circle', { r: 7.5, fill: '#ffe2c2', stroke: '#ff7a00', 'stroke-width': 2 }));
      if (viol && best.k !== 'violation') node.appendChild(el('circle', { r: 8.5, fill: 'none', stroke: '#d92d20', 'stroke-width': 2, 'stroke-dasharray': '2 1.5' }));
      var gl = glyph(best.k);
      gl.setAttribute('class', 'g');
      node.appendChild(gl);
      if (cluster.items.length > 1) {
        node.appendChild(el('circle', { cx: 7, cy: -7, r: 5.5, fill: '#364152' }));
        node.appendChild(el('text', { 'class': 'cnt', x: 7, y: -4.2, 'text-anchor': 'middle' }, cluster.items.length > 99 ? '99+' : String(cluster.items.length)));
      }
      g.appendChild(node);
      cluster = null;
    }
    for (var i = firstAtOrAfter(marks, vLo); i < marks.length; i++) {
      var m = marks[i];
      var v = markValue(m.f);
      if (v > vHi) break;
      var x = px(v);
      if (cluster && x - cluster.x < CLUSTER_PX) cluster.items.push(m);
      else { flush(); cluster = { x: x, items: [m] }; }
    }
    flush();
  }

  function niceStep(span, target) {
    var raw = span / Math.max(1, target);
    var p = Math.pow(10, Math.floor(Math.log10(raw)));
    var m = raw / p;
    return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
  }

  var pending = false;
  function schedule() { if (!pending) { pending = true; requestAnimationFrame(function () { pending = false; render(); }); } }

  function render() {
    var W = width(), H = scroller.clientHeight;
    svg.setAttribute('width', W);
    svg.setAttribute('height', H);
    svg.setAttribute('viewBox', '0 0 ' + W + ' ' + H);
    var frag = document.createDocumentFragment();
    var gBg = el('g'), gBars = el('g'), gMarks = el('g'), gGut = el('g'), gAxis = el('g', { 'class': 'axis' });
    frag.appendChild(gBg); frag.appendChild(gBars); frag.appendChild(gMarks); frag.appendChild(gGut); frag.appendChild(gAxis);
    var top = scroller.scrollTop;
    var first = Math.max(0, Math.floor(top / ROW));
    var last = Math.min(rows.length - 1, Math.floor((top + H - AXIS) / ROW));
    // vertical grid from the axis ticks
    var span = state.x1 - state.x0;
    var step = state.axis === 'order' ? Math.max(1, niceStep(span, (W - GUTTER) / 90)) : niceStep(span, (W - GUTTER) / 110);
    var base = state.axis === 'order' ? 0 : tBase;
    var ticks = [];
    for (var v = base + Math.ceil((state.x0 - base) / step) * step; v <= state.x1; v += step) ticks.push(v);
    ticks.forEach(function (v) { gBg.appendChild(el('line', { x1: px(v), x2: px(v), y1: AXIS, y2: H, stroke: '#eef1f5' })); });
    for (var ri = first; ri <= last; ri++) {
      var row = rows[ri];
      var y = AXIS + ri * ROW - top;
      var mid = y + ROW / 2;
      if (row.kind === 'task') gBg.appendChild(el('rect', { x: 0, y: y, width: W, height: ROW, fill: '#f1f4f9' }));
      if (row.kind === 'lane') gBg.appendChild(el('rect', { x: 0, y: y, width: W, height: ROW, fill: ri % 2 ? '#fbfcfe' : '#fff' }));
      if (row.band) {
        var b = spanOf(row.band);
        gBg.appendChild(el('rect', { x: px(b[0]), y: y, width: Math.max(2, px(b[1]) - px(b[0])), height: ROW, fill: '#ece6fb', 'class': 'band' }));
      }
      var ti = row.task;
      if (ti !== undefined && tasks[ti].notify !== undefined) {
        var nx = px(markValue(tasks[ti].notify));
        if (tasks[ti].lateEnd !== undefined) {
          // the late window: from the notification to the last row that still arrived after it
          var lx = Math.min(W, px(markValue(tasks[ti].lateEnd)) + 8), sx = Math.max(GUTTER, nx);
          if (lx > sx) gBg.appendChild(el('rect', { x: sx, y: y, width: lx - sx, height: ROW, fill: '#ffe9d1', opacity: 0.75, 'class': 'late-window' }));
        }
        if (nx >= GUTTER && nx <= W) gBg.appendChild(el('line', { x1: nx, x2: nx, y1: y, y2: y + ROW, stroke: '#0f766e', 'stroke-dasharray': '3 2' }));
      }
      if (row.bar) {
        var s = spanOf(row.bar);
        var x0 = px(s[0]), x1 = px(s[1]);
        if (x1 >= GUTTER && x0 <= W) {
          var bx = Math.max(GUTTER - 2, x0), bw = Math.max(3, Math.min(W + 2, x1) - bx);
          var h = row.kind === 'task' ? 8 : 12;
          gBars.appendChild(el('rect', { x: bx, y: mid - h / 2, width: bw, height: h, rx: 2, 'class': 'bar s-' + row.bar.state + (row.bar.open ? ' open' : ''),
            'data-row': ri, 'data-state': row.bar.state, 'data-frames': row.bar.f, 'data-label': row.label }));
          if (row.bar.note && row.kind === 'agent') {
            var note = clip(row.bar.note, 70);
            // inside the bar when it fits (white on colour), else after it
            if (bw > note.length * 6.2 + 12) gBars.appendChild(el('text', { 'class': 'note in', x: bx + 6, y: mid + 3.5 }, note));
            else if (bx + bw + 6 < W) gBars.appendChild(el('text', { 'class': 'note', x: bx + bw + 5, y: mid + 3.5 }, note));
          }
        }
      }
      if (row.links) {
        row.links.forEach(function (l) {
          var a = px(markValue(l[0])), z = px(markValue(l[1]));
          if (z < GUTTER || a > W) return;
          gBars.appendChild(el('path', { d: 'M' + a + ',' + mid + ' C' + a + ',' + (y + 2) + ' ' + z + ',' + (y + 2) + ' ' + z + ',' + mid, fill: 'none', stroke: '#7a4fd0', 'stroke-width': 1.2, opacity: 0.6, 'class': 'link' }));
        });
      }
      drawMarks(gMarks, row, ri, mid, W);
      // gutter: label and sub-label, drawn over anything that scrolled under it
      gGut.appendChild(el('rect', { x: 0, y: y, width: GUTTER - 4, height: ROW, fill: row.kind === 'task' ? '#e6ebf3' : '#fff' }));
      var indent = row.kind === 'agent' ? 30 : row.kind === 'phase' ? 18 : 6;
      var lab = el('text', { 'class': 'lbl ' + row.kind, x: indent, y: mid + 4, 'data-row': ri }, clip(row.label, row.kind === 'task' ? 32 : 34));
      lab.appendChild(el('title', null, row.label));
      gGut.appendChild(lab);
      if (row.sub) gGut.appendChild(el('text', { 'class': 'sub', x: GUTTER - 8, y: mid + 4, 'text-anchor': 'end' }, clip(row.sub, 26)));
      gGut.appendChild(el('line', { x1: 0, x2: W, y1: y + ROW - 0.5, y2: y + ROW - 0.5, stroke: row.kind === 'task' ? '#d5dbe5' : '#f0f2f6' }));
    }
    gGut.appendChild(el('line', { x1: GUTTER - 4, x2: GUTTER - 4, y1: 0, y2: H, stroke: '#d5dbe5' }));
    gAxis.appendChild(el('rect', { x: 0, y: 0, width: W, height: AXIS, fill: '#f7f9fc' }));
    gAxis.appendChild(el('line', { x1: 0, x2: W, y1: AXIS - 0.5, y2: AXIS - 0.5, stroke: '#cfd6e0' }));
    ticks.forEach(function (v) {
      var x = px(v);
      if (x < GUTTER) return;
      gAxis.appendChild(el('line', { x1: x, x2: x, y1: AXIS - 6, y2: AXIS, stroke: '#8793a6' }));
      gAxis.appendChild(el('text', { x: x, y: AXIS - 9, 'text-anchor': 'middle' }, state.axis === 'order' ? '#' + Math.round(v) : fmtTime(v)));
    });
    gAxis.appendChild(el('text', { x: 8, y: AXIS - 9 }, state.axis === 'order' ? 'frame order' : 'time since first frame'));
    svg.replaceChildren(frag);
    spacer.style.height = Math.max(0, rows.length * ROW + AXIS - H) + 'px';
  }

  // ---- interaction ----
  function framesOf(node) { return String(node.getAttribute('data-frames')).split(',').map(Number); }
  function describeFrame(f) { var r = recs[f]; return 'line ' + r[0] + ' \u00b7 ' + r[1] + ' \u00b7 ' + where(f) + ' \u00b7 ' + r[3]; }
  function target(e) { var n = e.target; return n && n.closest ? n.closest('[data-frames]') : null; }

  svg.addEventListener('mousemove', function (e) {
    if (drag) return;
    var n = target(e);
    if (!n) { tip.hidden = true; return; }
    var fs = framesOf(n), lines = [];
    var rowLabel = rows[Number(n.getAttribute('data-row'))].label;
    if (n.classList.contains('bar')) lines.push(rowLabel + ' \u2014 ' + n.getAttribute('data-state'));
    fs.slice(0, 6).forEach(function (f) {
      lines.push(describeFrame(f) + (rows[Number(n.getAttribute('data-row'))].marks && tasks.length && isLate(n, f) ? '  [late]' : ''));
      (violByFrame[f] || []).forEach(function (v) { lines.push('  \u2716 ' + v.rule + ': ' + v.message); });
    });
    if (fs.length > 6) lines.push('\u2026 and ' + (fs.length - 6) + ' more (zoom in)');
    lines.push('click for the raw frame' + (fs.length > 1 ? 's' : ''));
    tip.textContent = lines.join('\n');
    tip.hidden = false;
    var tx = Math.min(e.clientX + 14, window.innerWidth - tip.offsetWidth - 6);
    var ty = e.clientY + 16 + tip.offsetHeight > window.innerHeight ? e.clientY - tip.offsetHeight - 10 : e.clientY + 16;
    tip.style.left = tx + 'px';
    tip.style.top = ty + 'px';
  });
  function isLate(n, f) { var ms = rows[Number(n.getAttribute('data-row'))].marks || []; for (var i = 0; i < ms.length; i++) if (ms[i].f === f) return !!ms[i].late; return false; }
  svg.addEventListener('mouseleave', function () { tip.hidden = true; });

  function showDetail(fs, heading) {
    detailBody.replaceChildren();
    if (heading) detailBody.appendChild(html('div', 'heading', heading));
    fs.slice(0, 25).forEach(function (f) {
      var box = html('section', 'frame');
      box.setAttribute('data-frame', f);
      box.appendChild(html('h3', null, describeFrame(f)));
      (violByFrame[f] || []).forEach(function (v) { box.appendChild(html('div', 'viol', '\u2716 line ' + v.line + ' ' + v.rule + ': ' + v.message)); });
      var fr = frames[f];
      box.appendChild(html('pre', 'json', typeof fr === 'string' ? fr : JSON.stringify(fr, null, 2)));
      detailBody.appendChild(box);
    });
    if (fs.length > 25) detailBody.appendChild(html('p', null, '\u2026 and ' + (fs.length - 25) + ' more frames here: zoom in to separate them.'));
    detail.hidden = false;
    detail.scrollTop = 0;
  }
  svg.addEventListener('click', function (e) {
    if (moved) return;
    var n = target(e);
    if (n) {
      var r = rows[Number(n.getAttribute('data-row'))];
      showDetail(framesOf(n), n.classList.contains('bar') ? r.label + ' \u2014 ' + n.getAttribute('data-state') : null);
      return;
    }
    var lab = e.target && e.target.closest ? e.target.closest('text.lbl') : null;
    if (lab) zoomToRow(Number(lab.getAttribute('data-row')));
  });
  document.getElementById('detail-close').addEventListener('click', function () { detail.hidden = true; });

  function zoomToRow(ri) {
    var r = rows[ri];
    var ti = r.task;
    if (ti === undefined) return;
    var lo = Infinity, hi = -Infinity;
    rows.forEach(function (x) {
      if (x.task !== ti) return;
      if (x.bar) { var s = spanOf(x.bar); lo = Math.min(lo, s[0]); hi = Math.max(hi, s[1]); }
      (x.marks || []).forEach(function (m) { var v = markValue(m.f); lo = Math.min(lo, v); hi = Math.max(hi, v); });
    });
    if (!isFinite(lo)) return;
    var pad = Math.max((hi - lo) * 0.05, state.axis === 'order' ? 1 : 5);
    state.x0 = lo - pad; state.x1 = hi + pad;
    schedule();
  }
  function zoom(factor, atX) {
    var c = unpx(atX === undefined ? (GUTTER + width()) / 2 : atX);
    var minSpan = state.axis === 'order' ? 4 : 2;
    var span = Math.max(minSpan, (state.x1 - state.x0) * factor);
    var ratio = (c - state.x0) / (state.x1 - state.x0);
    state.x0 = c - span * ratio; state.x1 = state.x0 + span;
    schedule();
  }
  document.getElementById('zoom-in').addEventListener('click', function () { zoom(0.5); });
  document.getElementById('zoom-out').addEventListener('click', function () { zoom(2); });
  document.getElementById('fit').addEventListener('click', function () { fit(); schedule(); });
  var axisBtn = document.getElementById('axis');
  function axisLabel() { axisBtn.textContent = state.axis === 'time' ? 'Axis: time (switch to frame order)' : 'Axis: frame order (switch to time)'; }
  axisBtn.addEventListener('click', function () { state.axis = state.axis === 'time' ? 'order' : 'time'; fit(); axisLabel(); schedule(); });
  scroller.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule);
  svg.addEventListener('wheel', function (e) {
    if (e.ctrlKey || e.metaKey) { e.preventDefault(); zoom(e.deltaY > 0 ? 1.25 : 0.8, e.offsetX); }
    else if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
      e.preventDefault();
      var d = (e.deltaX || e.deltaY) / (width() - GUTTER) * (state.x1 - state.x0);
      state.x0 += d; state.x1 += d; schedule();
    }
  }, { passive: false });
  var drag = null, moved = false;
  svg.addEventListener('mousedown', function (e) { if (e.offsetX > GUTTER) { drag = { x: e.clientX, x0: state.x0, x1: state.x1 }; moved = false; } });
  window.addEventListener('mousemove', function (e) {
    if (!drag) return;
    var dx = e.clientX - drag.x;
    if (Math.abs(dx) > 3) moved = true;
    if (!moved) return;
    var d = dx / (width() - GUTTER - PADR) * (drag.x1 - drag.x0);
    state.x0 = drag.x0 - d; state.x1 = drag.x1 - d; schedule();
  });
  window.addEventListener('mouseup', function () { drag = null; setTimeout(function () { moved = false; }, 0); });

  fit();
  axisLabel();
  render();
  document.body.setAttribute('data-rendered', '1');
  window.__report = { renderedAt: performance.now(), height: rows.length * ROW + AXIS, render: render, setAxis: function (a) { state.axis = a; fit(); axisLabel(); render(); }, fit: function () { fit(); render(); } };
})();
`;
