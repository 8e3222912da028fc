/** Trims a preview to 400 characters plus an ellipsis, as Claude Code does (cbc rows follow it). */
export function preview(s: string | undefined): string | undefined {
  if (s === undefined) return undefined;
  return s.length > 400 ? s.slice(0, 400) + '…' : s;
}
