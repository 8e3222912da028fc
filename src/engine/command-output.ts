import type { AskT } from '../scenario/schema.js';

/*
 * The output of a gated tool call the host may have rewritten (`updatedInput`, issue #16). The real tool runs
 * the command the host sent, so a rewritten shell command prints what that command prints: the scenario's
 * `outputs` name it per command, and a command made only of `echo`s and commands that print nothing
 * (touch, mkdir, cd, true, :) is worked out here. Anything else keeps the ask's `output`.
 */

/** The tool_result text of an allowed ask run with `input` (the scenario's, or the host's rewrite). */
export function askOutput(ask: AskT, input: Record<string, unknown>): string {
  const fallback = ask.output ?? 'ok';
  const command = input['command'];
  if (typeof command !== 'string' || command === ask.input?.['command']) return fallback;
  return ask.outputs?.[command] ?? echoOutput(command) ?? fallback;
}

/** Commands that print nothing when they succeed. */
const SILENT = new Set(['touch', 'mkdir', 'cd', 'true', ':']);

/**
 * What a shell command made of `echo`s and silent commands joined by `&&`, `;` or newlines prints (trailing
 * newlines dropped, as the tool results show them), or undefined when it is anything else (expansions,
 * redirects, pipes, globs, other commands). A hand-written reader: only this literal subset of sh is needed.
 */
export function echoOutput(command: string): string | undefined {
  const statements = splitStatements(command);
  if (statements === undefined || statements.length === 0) return undefined;
  let out = '';
  for (const words of statements) {
    const [name, ...args] = words;
    if (name === undefined) continue;
    if (SILENT.has(name)) continue;
    if (name !== 'echo') return undefined;
    const noNewline = args[0] === '-n';
    if (noNewline) args.shift();
    if (args[0] === '-e' || args[0] === '-E') return undefined;
    out += args.join(' ') + (noNewline ? '' : '\n');
  }
  return out.replace(/\n+$/, '');
}

/** Characters that make a word more than a literal (expansion, redirection, pipes, globs, grouping). */
const SPECIAL = new Set(['$', '`', '|', '>', '<', '*', '?', '(', ')', '{', '}', '[', ']', '~', '!', '#', '&']);

/** The statements of `command` as word lists, split at `&&`, `;` and newlines; undefined past the literal subset. */
function splitStatements(command: string): string[][] | undefined {
  const statements: string[][] = [];
  let words: string[] = [];
  let word: string | undefined;
  const endWord = () => {
    if (word !== undefined) words.push(word);
    word = undefined;
  };
  const endStatement = () => {
    endWord();
    statements.push(words);
    words = [];
  };
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (c === ' ' || c === '\t') endWord();
    else if (c === ';' || c === '\n') endStatement();
    else if (c === '&' && command[i + 1] === '&') {
      endStatement();
      i++;
    } else if (c === "'") {
      const end = command.indexOf("'", i + 1);
      if (end < 0) return undefined;
      word = (word ?? '') + command.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let text = '';
      for (i++; i < command.length && command[i] !== '"'; i++) {
        const d = command[i]!;
        if (d === '$' || d === '`') return undefined;
        if (d === '\\' && '"\\$`'.includes(command[i + 1] ?? '')) text += command[++i];
        else text += d;
      }
      if (i >= command.length) return undefined;
      word = (word ?? '') + text;
    } else if (c === '\\') {
      const next = command[i + 1];
      if (next === undefined) return undefined;
      word = (word ?? '') + (next === '\n' ? '' : next);
      i++;
    } else if (SPECIAL.has(c)) return undefined;
    else word = (word ?? '') + c;
  }
  endStatement();
  return statements.filter((w) => w.length > 0);
}
