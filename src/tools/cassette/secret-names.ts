/**
 * Secrets found by their name or by a format the secretlint preset does not cover (issue #18 class 8).
 * The preset (secret-scan.ts) is the pattern source for provider key formats; what is here needs the
 * structure around a value — a JSON key, a `name=value` pair, an argv flag, URL credentials — or is a
 * format the preset leaves out (JWTs, Google API keys, PEM blocks of any length, `sk-…` keys).
 */

/** Last words of a key name that say its value is a secret (`api_key`, `PASSWORD`, `x-auth-token`, `setCookie`, …). */
const SECRET_WORDS = new Set(['password', 'passwd', 'pwd', 'passphrase', 'secret', 'secrets', 'token', 'authorization', 'auth', 'cookie', 'cookies', 'credential', 'credentials', 'apikey']);
/** Last two words that do (`private_key`, `aws_secret_access_key`, `clientSecret` is covered by `secret`). */
const SECRET_PAIRS = new Set(['apikey', 'privatekey', 'accesskey', 'secretkey', 'signingkey', 'sessionkey', 'encryptionkey', 'masterkey', 'setcookie']);

/** The words of a key: camelCase, snake_case, kebab-case, dotted and SHOUTING names alike. */
function words(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== '')
    .map((w) => w.toLowerCase());
}

/**
 * Whether a key names a secret, by its last word(s): `token`, `access_token`, `PASSWORD`, `x-api-key`,
 * `aws_secret_access_key`; not `input_tokens`, `apiKeySource` or `tokenSource` (counts and sources).
 */
export function isSecretKey(key: string): boolean {
  const w = words(key);
  const last = w[w.length - 1];
  if (last === undefined) return false;
  return SECRET_WORDS.has(last) || (w.length >= 2 && SECRET_PAIRS.has(`${w[w.length - 2] as string}${last}`));
}

/** The secret-bearing part of a name in free text and argv: `…password`, `…token`, `api-key`, … (no plural: `max_tokens` is a count). */
const NAME = String.raw`(?:password|passwd|passphrase|secret|token|api[-_]?key|access[-_]?key|private[-_]?key|authorization|auth|cookie|credentials?)`;

/** Authorization schemes: a value may start with one (`Authorization: Bearer …`). */
const SCHEME = '(?:bearer|basic|digest|token)';

/** A text rule: a pattern, the placeholder kind, and which group is the secret (0: the whole match). */
export interface TextRule {
  label: string;
  re: RegExp;
  group?: string;
}

/**
 * Rules over any string, applied in this order. Each runs in linear time: no nested repetition, every
 * repetition before a fixed name or separator is bounded ({0,40}), lookbehinds are short (safe-regex2
 * cannot parse lookbehinds, so test/hardening/redaction.test.ts runs them on 1 MB adversarial texts).
 */
export const TEXT_RULES: readonly TextRule[] = [
  // a PEM private key block, whole; a block cut before its END line is redacted to the end of the text
  { label: 'private-key', re: /-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY( BLOCK)?-----(?:[^-]|-(?!----END))*(?:-----END[A-Z0-9 ]{0,40}PRIVATE KEY( BLOCK)?-----)?/g },
  { label: 'jwt', re: /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}/g },
  // credentials in a URL: scheme://user:pass@host (the host stays)
  { label: 'url-credentials', re: /(?<=\b[A-Za-z][A-Za-z0-9+.-]{0,30}:\/\/)(?<cred>[^\s:/@"'<>]{1,256}:[^\s/@"'<>]{1,256})(?=@)/g, group: 'cred' },
  // a bearer token, any case (other schemes need their `Authorization:` name, below: "basic" is a common word)
  { label: 'bearer', re: /\bbearer[ \t]+(?<cred>[A-Za-z0-9._~+/=-]{8,})/gi, group: 'cred' },
  // name=value, name: value, "name":"value", ?access_token=…, --token=…
  { label: 'secret', re: new RegExp(String.raw`${NAME}(?![A-Za-z0-9])["']?[ \t]*[=:][ \t]*["']?(?<value>${SCHEME}[ \t]+[^\s"'&;,<>]+|(?!${SCHEME}[ \t])[^\s"'&;,<>]+)`, 'gi'), group: 'value' },
  // argv style: --token X, --api-key X, -password X
  { label: 'secret', re: new RegExp(String.raw`(?<![A-Za-z0-9-])--?[A-Za-z0-9-]{0,40}${NAME}[ \t]+(?<value>[^\s"'<>-][^\s"'<>]*)`, 'gi'), group: 'value' },
  { label: 'google-api-key', re: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g },
  { label: 'api-key', re: /\b(?:sk|pk|rk)-(?:ant-)?[A-Za-z0-9_-]{8,}/g },
  // starts only where a run of address characters starts (else every position of a long run rescans it: quadratic)
  { label: 'email', re: /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,63}(?![A-Za-z])/g },
];

/** Whether argv flag `arg` (`--api-key`, `--token`, `-p`… no) takes a secret as the next argument. */
export function isSecretFlag(arg: string): boolean {
  return new RegExp(String.raw`^--?[A-Za-z0-9-]{0,40}${NAME}$`, 'i').test(arg);
}
