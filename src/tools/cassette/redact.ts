import safeRegex from 'safe-regex2';
import { EmuError } from '../../errors.js';
import { homedir } from 'node:os';

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

const BUILTIN: Array<{ label: string; re: RegExp }> = [
  { label: 'jwt', re: /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}/g },
  { label: 'api-key', re: /\b(?:sk|pk|rk)-(?:ant-)?[A-Za-z0-9_-]{8,}/g },
  { label: 'bearer', re: /\bBearer\s+[A-Za-z0-9._~+/=-]{8,}/g },
  { label: 'email', re: /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g },
];

/** Keys whose values are always secret, wherever they appear. */
const SECRET_KEYS = new Set(['token', 'accessToken', 'access_token', 'refreshToken', 'refresh_token', 'apiKey', 'api_key', 'password', 'secret', 'authorization', 'Authorization', 'cookie']);
/** Keys that identify a person or an organisation. */
const ID_KEYS = new Set(['email', 'enterpriseId', 'enterprise_id', 'enterprise', 'orgId', 'org_id', 'organization', 'organizationId', 'organization_id', 'userId', 'user_id', 'uid', 'accountUuid', 'account_uuid']);

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

/** A redactor with its own placeholder table (one per cassette). */
export class Redactor {
  private readonly table = new Map<string, string>();
  private readonly counters = new Map<string, number>();
  private readonly home = homedir();

  constructor(private readonly rules: RedactRule[] = []) {}

  /** Redacts a string value. */
  text(s: string): string {
    let out = s;
    for (const { label, re } of BUILTIN) out = out.replace(re, (m) => this.placeholder(label, m));
    for (const r of this.rules) if (r.kind === 'regex' && r.regex) out = out.replace(r.regex, (m) => this.placeholder(r.label, m));
    if (this.home && this.home !== '/' && out.includes(this.home)) out = out.split(this.home).join('$HOME');
    return out;
  }

  /** Redacts a parsed frame, deeply. */
  value(v: unknown, path: string[] = []): unknown {
    if (typeof v === 'string') return this.text(v);
    if (Array.isArray(v)) return v.map((x) => this.value(x, [...path, '[*]']));
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
        const p = [...path, k];
        // JSON scalars only: strings, numbers, booleans
        if ((typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean') && (SECRET_KEYS.has(k) || ID_KEYS.has(k) || this.pathRule(p))) {
          // a value a pattern recognises keeps that pattern's placeholder (a JWT is a jwt wherever it sits)
          const text = typeof x === 'string' ? this.text(x) : String(x);
          out[k] = text !== String(x) ? text : this.placeholder(SECRET_KEYS.has(k) ? 'secret' : ID_KEYS.has(k) ? k : 'rule', String(x));
        } else out[k] = this.value(x, p);
      }
      return out;
    }
    return v;
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

/** Environment names recorded with their values (settings, never secrets); other names are recorded as present only. */
export const ENV_VALUE_WHITELIST = ['CODEBUDDY_CODE_ENTRYPOINT', 'CLAUDE_CODE_ENTRYPOINT', 'CLAUDE_AGENT_SDK_VERSION', 'CODEBUDDY_DISABLE_WORKFLOWS', 'CODEBUDDY_CODE_DISABLE_BACKGROUND_TASKS', 'CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS', 'CLAUDE_CODE_SDK_READS_SESSION_STATE', 'DISABLE_AUTOUPDATER', 'CODEBUDDY_DISABLE_AUTO_MEMORY', 'MAX_THINKING_TOKENS'];
/** Prefixes of environment names worth recording (as presence, or value when whitelisted). */
export const ENV_NAME_PREFIXES = ['CODEBUDDY_', 'CLAUDE_', 'ANTHROPIC_', 'CBC_EMU_'];
