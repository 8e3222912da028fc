/*
 * The simple commands of a shell command line as cbc 2.117.0 reads them for its permission rules (issue #16): its
 * CommandParserService's tree-sitter strategy (the bash grammar ships in its dist/wasm): each command of a list or a
 * pipeline, inside a subshell too, as its name and arguments joined by one space: variable assignments before the name,
 * redirections and command substitutions left out, a quoted argument without its quotes.
 */

/** Operators that end a simple command (a list's, a pipeline's, a background `&`) or open and close a subshell. */
const SEPARATORS = ['&&', '||', '|&', ';;', '|', ';', '&', '\n', '(', ')'];
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

type Token = { word: string } | { op: string } | { dropped: true };

/** The simple commands of `command`, each `name arg…` (cbc's extractCommands; none when the line holds no command). */
export function simpleCommands(command: string): string[] {
  const out: string[] = [];
  let words: string[] = [];
  const end = () => {
    while (words.length > 0 && ASSIGNMENT.test(words[0]!)) words.shift();
    if (words.length > 0) out.push(words.join(' '));
    words = [];
  };
  for (const t of tokens(command)) {
    if ('op' in t) end();
    else if ('word' in t) words.push(unquoted(t.word));
  }
  end();
  return out;
}

/** A word that is one quoted string loses its quotes (tree-sitter's `string` / `raw_string` argument). */
function unquoted(word: string): string {
  const q = word[0];
  return (q === '"' || q === "'") && word.length >= 2 && word.endsWith(q) && !word.slice(1, -1).includes(q) ? word.slice(1, -1) : word;
}

/** Words, operators, and the parts left out (redirections with their targets, command substitutions). */
function tokens(line: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  let word = '';
  const flush = () => {
    if (word !== '') out.push(word.startsWith('$(') || word.startsWith('`') ? { dropped: true } : { word });
    word = '';
  };
  while (i < line.length) {
    const c = line[i]!;
    const redirect = /^(?:>>|>&|>\||<<<|<<|<&|<>|>|<|&>>|&>)/.exec(line.slice(i));
    if (redirect && (c !== '&' || line[i + 1] === '>')) {
      if (/^\d+$/.test(word)) word = ''; // the file descriptor of `2>…`
      flush();
      i += redirect[0].length;
      if (redirect[0].endsWith('&') && /^[\d-]/.test(line[i] ?? '')) i += /^\d*-?/.exec(line.slice(i))![0].length;
      else {
        while (line[i] === ' ') i++;
        i += /^[^\s;&|()]*/.exec(line.slice(i))![0].length;
      }
      out.push({ dropped: true });
      continue;
    }
    const op = SEPARATORS.find((s) => line.startsWith(s, i));
    if (op !== undefined) {
      flush();
      out.push({ op });
      i += op.length;
    } else if (c === ' ' || c === '\t') {
      flush();
      i++;
    } else {
      const len = c === '"' || c === "'" || c === '`' ? quotedLength(line, i) : c === '$' && line[i + 1] === '(' ? groupLength(line, i + 1) + 1 : c === '\\' ? 2 : 1;
      word += line.slice(i, i + len);
      i += len;
    }
  }
  flush();
  return out;
}

/** The length of the quoted string that opens at `i` (to its closing quote, or the line's end). */
function quotedLength(line: string, i: number): number {
  const q = line[i]!;
  let j = i + 1;
  while (j < line.length && line[j] !== q) j += q !== "'" && line[j] === '\\' ? 2 : 1;
  return Math.min(j + 1, line.length) - i;
}

/** The length of the parenthesised group that opens at `i`. */
function groupLength(line: string, i: number): number {
  let depth = 0;
  for (let j = i; j < line.length; j++) {
    if (line[j] === '(') depth++;
    else if (line[j] === ')' && --depth === 0) return j + 1 - i;
  }
  return line.length - i;
}
