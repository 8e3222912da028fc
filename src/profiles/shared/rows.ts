import { ROW_LAYOUT, type TimelineRow } from '../../engine/events.js';
import { withText } from '../../protocol/shape.js';
import { flatWithoutUuid } from '../../protocol/uuid-members.js';

/** A row's layout and its JSON text, kept on the engine's row (its ROW_LAYOUT slot) for its revision. */
interface Laid<R> {
  rev: number;
  /** The profile's layout function (several profiles may encode one process's rows). */
  by: object;
  row: R;
  text: string;
  /** The text holds no uuid member: the session store's scan may skip it (frameJson). */
  noUuid: boolean;
}

/**
 * A workflow snapshot's `workflow_progress` (seed 000 §5.2): each row laid out by `layout` and serialised once per
 * revision of the engine's row (AgentRow.rev; phase rows never change), then reused by every later snapshot until
 * the row changes; the list carries its JSON text for `frameJson` (issue #21: a workflow's ~13 snapshots repeat
 * each row ~5 times). `by` names the layout (stable for one profile), so a row laid out by another is laid out anew.
 * The laid-out rows are shared between frames: nothing may change them.
 */
export function snapshotRows<R>(rows: readonly TimelineRow[], layout: (r: TimelineRow) => R, by: object = layout): R[] {
  const out: R[] = [];
  let text = '';
  let noUuid = true;
  for (const r of rows) {
    const rev = r.type === 'workflow_agent' ? r.rev : 0;
    let laid = r[ROW_LAYOUT] as Laid<R> | undefined;
    if (laid === undefined || laid.rev !== rev || laid.by !== by) {
      const row = layout(r);
      const json = JSON.stringify(row);
      const had = laid !== undefined || Object.hasOwn(r, ROW_LAYOUT);
      laid = { rev, by, row, text: json, noUuid: flatWithoutUuid(row as object) };
      // the slot once made is written in place; made not enumerable: a copy of the row (Claude 2.1.328's stop
      // snapshot) is another row, laid out for itself
      if (Object.isExtensible(r)) {
        if (had) r[ROW_LAYOUT] = laid;
        else Object.defineProperty(r, ROW_LAYOUT, { value: laid, writable: true, configurable: true, enumerable: false });
      }
    }
    out.push(laid.row);
    text += text === '' ? laid.text : `,${laid.text}`;
    noUuid &&= laid.noUuid;
  }
  return withText(out, `[${text}]`, noUuid);
}
