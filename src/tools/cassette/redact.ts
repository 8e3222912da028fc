import { homedir } from 'node:os';
import safeRegex from 'safe-regex2';
import { EmuError } from '../../errors.js';
import { isSecretFlag, isSecretKey, TEXT_RULES } from './secret-names.js';
import { scanSecrets } from './secret-scan.js';

/**
 * Redaction before anything touches disk (seed 000 §9: the stream carries account tokens, enterprise
 * ids, emails and home paths). Secrets become stable placeholders — the same secret gets the same
 * placeholder throughout a cassette — so the recording stays internally consistent.
 */
export interface RedactRule {
  /** `$.a.b[*].c` paths (exact keys) or a regular expression over string values. */
  kind: 'path' | 'regex';
  path?: string[];
  regex?: RegExp;
  label: string;
}

/** Keys that identify a person or an organisation. */
const ID_KEYS = new Set(['email', 'enterpriseId', 'enterprise_id', 'enterprise', 'orgId', 'org_id', 'organization', 'organizationId', 'organization_id', 'userId', 'user_id', 'uid', 'accountUuid', 'account_uuid']);
/** A recorded line nested deeper than this is kept as redacted text (pattern rules only), not as a frame. */
const MAX_DEPTH = 200;

/** Whether `v` nests arrays/objects more than `limit` levels deep (iterative: the point is not to recurse). */
function deeperThan(v: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[v, 0]];
  while (stack.length > 0) {
    const [x, d] = stack.pop() as [unknown, number];
    if (x === null || typeof x !== 'object') continue;
    if (d >= limit) return true;
    for (const c of Object.values(x)) stack.push([c, d + 1]);
  }
  return false;
}

/** One recorded line, redacted: a frame when it was JSON, else raw text. */
export type RedactedLine = { frame: unknown } | { raw: string };

/** Sets `key` on `o` as an own property, even `__proto__` (plain assignment would set the prototype and drop the key). */
function put(o: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Parses a `--redact` argument: `$.path.to[*].key` or a regular expression; an unusable or unsafe regex is an EmuError('E_USAGE'). */
export function parseRedactRule(arg: string, index: number): RedactRule {
  if (arg.startsWith('$.')) {
    const path = arg.slice(2).split('.').flatMap((p) => p.split(/(\[\*\])/).filter((x) => x !== ''));
    return { kind: 'path', path, label: `rule${index + 1}` };
  }
  let regex: RegExp;
  try {
    regex = new RegExp(arg, 'g');
  } catch (e) {
    throw new EmuError('E_USAGE', `--redact ${JSON.stringify(arg)} is neither a $.path nor a valid regular expression (${(e as Error).message})`, { cause: e });
  }
  // every recorded string passes the rule: one that backtracks exponentially would stall the proxy (issue #18)
  if (!safeRegex(arg)) throw new EmuError('E_USAGE', `--redact ${JSON.stringify(arg)} can take exponential time (a repeated group that itself repeats, such as (a+)+); rewrite it without nested repetition`);
  return { kind: 'regex', regex, label: `rule${index + 1}` };
}

/**
 * A redactor with its own placeholder table (one per cassette). `line()` first asks the secretlint
 * preset for the provider key formats in the line (async) and remembers each secret it finds; the
 * synchronous `text()` / `value()` then replace remembered secrets, the structural rules (secret key
 * names holding any value, secrets used as keys, JSON inside strings, URL credentials, argv flags) and
 * the supplementary formats of secret-names.ts.
 */
export class Redactor {
  private readonly table = new Map<string, string>();
  private readonly counters = new Map<string, number>();
  private readonly home = homedir();
  /** Secrets the preset found so far, with their kind; replaced wherever they appear again. */
  private readonly known = new Map<string, string>();
  private knownRe: RegExp | undefined;

  constructor(private readonly rules: RedactRule[] = []) {}

  /** Scans `text` with the secretlint preset and remembers the secrets it holds (call before text()/value() of it). */
  async learn(text: string): Promise<void> {
    const found = await scanSecrets(text);
    for (const { rule, value } of found) if (!this.known.has(value)) this.known.set(value, rule);
    // longest first, so a secret that contains another is replaced whole
    if (found.length > 0) this.knownRe = new RegExp([...this.known.keys()].sort((a, b) => b.length - a.length).map(escapeRegex).join('|'), 'g');
  }

  /** Redacts one recorded line: scans it, then redacts the parsed frame (or the raw text when it is not JSON). */
  async line(text: string): Promise<RedactedLine> {
    await this.learn(text);
    return this.learned(text);
  }

  /** Redacts one line with what is known so far (after `learn()` of it, or of a batch that held it). */
  learned(text: string): RedactedLine {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { raw: this.text(text) };
    }
    // JSON.stringify itself overflows the stack on a few thousand levels: such a line is kept as redacted text
    if (deeperThan(parsed, MAX_DEPTH)) return { raw: this.text(text) };
    return { frame: this.value(parsed) };
  }

  /** Redacts an argv list: also the value after a secret flag (`--api-key X`). */
  argv(args: readonly string[]): string[] {
    return args.map((a, i) => (i > 0 && isSecretFlag(args[i - 1] as string) && !a.startsWith('<redacted:') ? this.placeholder('secret', a) : this.text(a)));
  }

  /** Redacts a string value. */
  text(s: string): string {
    let out = s;
    const known = this.knownRe;
    if (known) out = out.replace(known, (m) => this.placeholder(this.known.get(m) ?? 'secret', m));
    for (const { label, re, group } of TEXT_RULES) out = replaceRule(out, re, group, (secret) => this.placeholder(label, secret));
    for (const r of this.rules) if (r.kind === 'regex' && r.regex) out = out.replace(r.regex, (m) => this.placeholder(r.label, m));
    if (this.home && this.home !== '/' && out.includes(this.home)) out = out.split(this.home).join('$HOME');
    return out;
  }

  /** Redacts a parsed frame, deeply; objects come back with a null prototype so a `__proto__` key survives. */
  value(v: unknown, path: string[] = []): unknown {
    if (typeof v === 'string') return this.jsonInside(v) ?? this.text(v);
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map((x) => this.value(x, [...path, '[*]']));
    const out = Object.create(null) as Record<string, unknown>;
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      const p = [...path, k];
      const kind = isSecretKey(k) ? 'secret' : ID_KEYS.has(k) ? k : this.pathRule(p) ? 'rule' : undefined;
      // a secret key hides its whole value, whatever its type (an object of credentials, a list of tokens)
      put(out, this.text(k), kind !== undefined && x !== null ? this.whole(kind, x) : this.value(x, p));
    }
    return out;
  }

  /** A value under a secret key: one placeholder, unless a pattern already gives a string its own (a JWT is a jwt wherever it sits). */
  private whole(kind: string, x: unknown): string {
    if (typeof x === 'string') {
      const t = this.text(x);
      return t !== x ? t : this.placeholder(kind, x);
    }
    return this.placeholder(kind, typeof x === 'number' || typeof x === 'boolean' ? String(x) : (JSON.stringify(x) ?? ''));
  }

  /** A string holding a JSON object or array: parsed, redacted and re-encoded when that changed anything. */
  private jsonInside(s: string): string | undefined {
    const t = s.trimStart();
    if (!t.startsWith('{') && !t.startsWith('[')) return undefined;
    let inner: unknown;
    try {
      inner = JSON.parse(s);
    } catch {
      return undefined;
    }
    if (deeperThan(inner, MAX_DEPTH)) return undefined;
    const before = JSON.stringify(inner);
    const after = JSON.stringify(this.value(inner));
    return after === before ? this.text(s) : after;
  }

  private pathRule(p: string[]): boolean {
    return this.rules.some((r) => r.kind === 'path' && r.path && r.path.length === p.length && r.path.every((seg, i) => seg === p[i]));
  }

  /** The same secret always gets the same placeholder, whichever rule or key found it first. */
  private placeholder(label: string, secret: string): string {
    const key = secret;
    let ph = this.table.get(key);
    if (!ph) {
      const n = (this.counters.get(label) ?? 0) + 1;
      this.counters.set(label, n);
      ph = `<redacted:${label}:${n}>`;
      this.table.set(key, ph);
    }
    return ph;
  }
}

/** Replaces each match of `re` (or only its `group`) with `replace(secret)`; a match that is already a placeholder stays. */
function replaceRule(s: string, re: RegExp, group: string | undefined, replace: (secret: string) => string): string {
  return s.replace(re, (...args: unknown[]) => {
    const m = args[0] as string;
    const groups = args[args.length - 1] as Record<string, string | undefined> | undefined;
    const secret = group !== undefined ? groups?.[group] : m;
    if (secret === undefined || secret === '' || secret.startsWith('<redacted:')) return m;
    const at = group !== undefined ? m.lastIndexOf(secret) : 0;
    return m.slice(0, at) + replace(secret) + m.slice(at + secret.length);
  });
}

/** `s` as a literal inside a regular expression. */
const escapeRegex = (s: string) => s.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');

/** Environment names recorded with their values (settings, never secrets); other names are recorded as present only. */
export const ENV_VALUE_WHITELIST = ['CODEBUDDY_CODE_ENTRYPOINT', 'CLAUDE_CODE_ENTRYPOINT', 'CLAUDE_AGENT_SDK_VERSION', 'CODEBUDDY_DISABLE_WORKFLOWS', 'CODEBUDDY_CODE_DISABLE_BACKGROUND_TASKS', 'CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS', 'CLAUDE_CODE_SDK_READS_SESSION_STATE', 'DISABLE_AUTOUPDATER', 'CODEBUDDY_DISABLE_AUTO_MEMORY', 'MAX_THINKING_TOKENS'];
/** Prefixes of environment names worth recording (as presence, or value when whitelisted). */
export const ENV_NAME_PREFIXES = ['CODEBUDDY_', 'CLAUDE_', 'ANTHROPIC_', 'CBC_EMU_'];
