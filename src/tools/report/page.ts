import { readFileSync } from 'node:fs';
import { EmuError } from '../../errors.js';

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

/** Where the build (`npm run build`: src/tools/report/browser/tsconfig.json) puts the page's compiled script. */
const SCRIPT_URL = new URL('./browser/timeline.js', import.meta.url);
let script: string | undefined;

/**
 * The report page's script (src/tools/report/browser/timeline.ts, compiled), read once from next to
 * this module so it works from the installed package. An ES module: the page loads it with type="module".
 */
export function reportScript(): string {
  if (script === undefined) {
    try {
      script = readFileSync(SCRIPT_URL, 'utf8');
    } catch (err) {
      throw new EmuError('E_IO', `report: cannot read the page script ${SCRIPT_URL.pathname} (${(err as NodeJS.ErrnoException).code ?? String(err)}); run "npm run build"`);
    }
  }
  return script;
}
