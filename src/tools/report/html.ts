import type { Model } from './browser/model.js';
import { REPORT_CSS, reportScript } from './page.js';

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * JSON safe to sit inside `<script type="application/json">`: `<`, `>`, `&` and U+2028/2029 become
 * `\uXXXX` escapes, so no stream text can close the script element or start markup (seed 000 §9).
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The whole self-contained page: inline CSS, the model as inert JSON, inline script; the CSP forbids any fetch. */
export function renderHtml(model: Model): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="cbc-emu report">
<title>${escapeHtml(model.title)}</title>
<style>${REPORT_CSS}</style>
</head>
<body>
<header>
<h1 id="title"></h1>
<div id="summary"></div>
<div class="bar-row">
<button id="fit" type="button">Fit</button><button id="zoom-in" type="button">Zoom +</button><button id="zoom-out" type="button">Zoom &minus;</button><button id="axis" type="button">Axis</button>
<div id="legend"></div>
</div>
</header>
<div id="scroller"><svg id="chart" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="timeline"></svg><div id="spacer"></div></div>
<div id="tip" hidden></div>
<aside id="detail" hidden><button id="detail-close" type="button" aria-label="close">&times;</button><div id="detail-body"></div></aside>
<script type="application/json" id="report-data">${scriptJson(model)}</script>
<script type="module">${reportScript()}</script>
</body>
</html>
`;
}
