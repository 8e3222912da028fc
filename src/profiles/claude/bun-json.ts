/**
 * JSON.parse's complaint in the words of Claude Code's runtime: its binaries are Bun builds, whose JSON.parse is
 * JavaScriptCore's (issue #16). Node (V8) words each kind of error its own way; this maps V8's message to JSC's.
 */
/** Bun's JSON.parse message for the first bad token (2.1.220 is a Bun binary). */
export function bunJsonError(line: string, err: { message: string }): string {
  const m = err.message;
  // V8's message → JavaScriptCore's, per kind of malformed line (captures in_nonjson_brace, in_nonjson_after_turn_h2,
  // in_two_objects_one_line_h3, in_object_trailing_text, in_single_quotes, in_truncated_object)
  const at = /at position (\d+)/.exec(m)?.[1];
  if (at !== undefined && line[Number(at)] === "'") return "Single quotes (') are not allowed in JSON";
  if (/non-whitespace character after JSON/.test(m)) return 'Unable to parse JSON string'; // a value, then more on the line
  if (/Expected ',' or '}'|Expected property name or '}'/.test(m)) return "Expected '}'"; // an object cut short after a member, or with no property name where one belongs
  if (/Expected ',' or ']'/.test(m)) return "Expected ']'";
  if (/^Unterminated string/.test(m)) return 'Unterminated string';
  if (/^Unexpected end of JSON input/.test(m)) return 'Unexpected EOF';
  const word = /^[A-Za-z_$][\w$]*/.exec(line.trimStart())?.[0];
  if (word) return `Unexpected identifier "${word}"`;
  return 'Unexpected token';
}
