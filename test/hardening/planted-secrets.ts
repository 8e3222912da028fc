// Planted secrets for the redaction tests (issue #18 class 8): every kind the adversarial pass found
// reaching a cassette. Values are assembled at run time (prefix + filler) so this file holds no
// string a secret scanner would take for a real credential.

/** One planted secret: a name for the failure message and the exact text that must not reach the cassette. */
export interface Planted {
  name: string;
  secret: string;
}

/** `n` characters of a deterministic mix of letters and digits, seeded by `tag`. */
function filler(tag: string, n: number, alphabet = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'): string {
  let h = 2166136261;
  for (const c of tag) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  let s = '';
  for (let i = 0; i < n; i++) {
    h = Math.imul(h ^ (i + 1), 2654435761) >>> 0;
    s += alphabet[h % alphabet.length];
  }
  return s;
}

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const pem = (kind: string, tag: string) => `-----BEGIN ${kind}PRIVATE KEY-----\nMII${filler(tag, 64)}\n${filler(tag + '2', 64)}\n${filler(tag + '3', 40)}==\n-----END ${kind}PRIVATE KEY-----`;

/** The secrets, by kind. */
export const S = {
  jwt: `eyJ${filler('jwt1', 20)}.eyJ${filler('jwt2', 30)}.${filler('jwt3', 43)}`,
  bearerLower: `${filler('bearer', 32)}`,
  bearerText: `${filler('bearer-text', 40)}`,
  basicHeader: `${filler('basic', 24)}==`,
  passwordUpper: `pw-${filler('PASSWORD', 14)}`,
  passwordTitle: `pw-${filler('Password', 14)}`,
  dbPassword: `pw-${filler('db_password', 14)}`,
  objSecretUser: `user-${filler('cred-user', 10)}`,
  objSecretPass: `pass-${filler('cred-pass', 14)}`,
  arr1: `arr-${filler('arr1', 16)}`,
  arr2: `arr-${filler('arr2', 16)}`,
  tokenArr: `arr-${filler('arr3', 16)}`,
  numericPin: 987654321012,
  cookie: `sess-${filler('cookie', 24)}`,
  setCookie: `sid-${filler('set-cookie', 24)}`,
  xApiKey: `xk-${filler('x-api-key', 28)}`,
  clientSecret: `cs-${filler('client_secret', 28)}`,
  privateKeyField: `pk-field-${filler('private_key', 20)}`,
  keyAsKey: `ghp_${filler('key-as-key', 36)}`,
  stripeAsKey: `sk_live_${filler('stripe-as-key', 30)}`,
  jsonInString: `js-${filler('json-in-string', 20)}`,
  jsonInJsonInString: `jjs-${filler('json-in-json', 20)}`,
  ghp: `ghp_${filler('ghp', 36)}`,
  gho: `gho_${filler('gho', 36)}`,
  ghs: `ghs_${filler('ghs', 36)}`,
  githubPat: `github_pat_${filler('github_pat', 82, 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789_')}`,
  stripeLive: `sk_live_${filler('sk_live', 30)}`,
  stripeTest: `sk_test_${filler('sk_test', 30)}`,
  stripeRestricted: `rk_live_${filler('rk_live', 30)}`,
  awsKeyId: `AKIA${filler('akia', 16, UPPER)}`,
  awsKeyIdAsia: `ASIA${filler('asia', 16, UPPER)}`,
  awsSecret: filler('aws-secret', 40, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/+'),
  slackBot: `xoxb-${filler('slack1', 12, '0123456789')}-${filler('slack2', 13, '0123456789')}-${filler('slack3', 24)}`,
  slackUser: `xoxp-${filler('slack4', 12, '0123456789')}-${filler('slack5', 13, '0123456789')}-${filler('slack6', 24)}`,
  slackWebhook: `https://hooks.slack.com/services/T${filler('wh1', 10, UPPER)}/B${filler('wh2', 10, UPPER)}/${filler('wh3', 24)}`,
  googleApiKey: `AIza${filler('google', 35)}`,
  googleApiKey2: `AIza${filler('google2', 35)}`,
  pemRsa: pem('RSA ', 'rsa'),
  pemEc: pem('EC ', 'ec'),
  pemOpenssh: pem('OPENSSH ', 'openssh'),
  pemPkcs8: pem('', 'pkcs8'),
  pemCut: `-----BEGIN RSA PRIVATE KEY-----\nMII${filler('cut', 50)}`,
  urlAccessToken: `at-${filler('access_token', 24)}`,
  urlToken: `tk-${filler('url-token', 24)}`,
  urlApiKey: `ak-${filler('url-api-key', 24)}`,
  basicAuthPass: `bp-${filler('basic-auth', 16)}`,
  pgPass: `pg-${filler('postgres', 16)}`,
  argvApiKey: `av-${filler('argv-api-key', 20)}`,
  argvToken: `av-${filler('argv-token', 20)}`,
  argvPassword: `av-${filler('argv-password', 20)}`,
  textApiKey: `tx-${filler('text-api-key', 20)}`,
  textPasswordEq: `tx-${filler('text-password', 20)}`,
  envDumpToken: `ghp_${filler('env-dump', 36)}`,
  npm: `npm_${filler('npm', 36)}`,
  gitlab: `glpat-${filler('gitlab', 20)}`,
  sendgrid: `SG.${filler('sg1', 22)}.${filler('sg2', 43)}`,
  openai: `sk-proj-${filler('openai', 40)}`,
  anthropic: `sk-ant-api03-${filler('anthropic', 93)}AA`,
  stdinSecret: `ghp_${filler('stdin', 36)}`,
  stderrPassword: `se-${filler('stderr', 20)}`,
  email: `jane.${filler('email', 6)}@example.com`,
};

/** Every planted secret as text (numbers as their digits). */
export const PLANTED: Planted[] = Object.entries(S).map(([name, v]) => ({ name, secret: String(v) }));

/** The recorded CLI's argv after the executable. */
export const ARGV = ['--api-key', S.argvApiKey, `--token=${S.argvToken}`, '-p', 'hello', '--password', S.argvPassword];

const user = (content: unknown) => ({ type: 'user', message: { role: 'user', content }, parent_tool_use_id: null, session_id: '' });

/** What the fake CLI writes to stdout, one frame a line. */
export const OUT: unknown[] = [
  { type: 'control_response', response: { subtype: 'success', request_id: 'r1', response: { account: { token: S.jwt, email: S.email } } } },
  { type: 'system', subtype: 'init', headers: { authorization: `bearer ${S.bearerLower}`, 'x-api-key': S.xApiKey, Cookie: `session=${S.cookie}`, 'set-cookie': [`sid=${S.setCookie}`] } },
  { type: 'system', subtype: 'config', PASSWORD: S.passwordUpper, Password: S.passwordTitle, db_password: S.dbPassword, client_secret: S.clientSecret, private_key: S.privateKeyField },
  { type: 'system', subtype: 'config', credentials: { user: S.objSecretUser, pass: S.objSecretPass }, secrets: [S.arr1, S.arr2], token: [S.tokenArr], pin_password: S.numericPin },
  { type: 'system', subtype: 'keys', by_key: { [S.keyAsKey]: true, [S.stripeAsKey]: 'x' } },
  { type: 'assistant', message: { content: [{ type: 'tool_result', content: JSON.stringify({ api_key: S.jsonInString, nested: JSON.stringify({ token: S.jsonInJsonInString }) }) }] } },
  { type: 'assistant', message: { content: [{ type: 'text', text: `GitHub ${S.ghp} ${S.gho} ${S.ghs} and ${S.githubPat}` }] } },
  { type: 'assistant', message: { content: [{ type: 'text', text: `Stripe ${S.stripeLive}, ${S.stripeTest}, ${S.stripeRestricted}` }] } },
  { type: 'assistant', message: { content: [{ type: 'text', text: `AWS id ${S.awsKeyId} and ${S.awsKeyIdAsia}\naws_secret_access_key = ${S.awsSecret}` }] } },
  { type: 'assistant', message: { content: [{ type: 'text', text: `Slack ${S.slackBot} ${S.slackUser} ${S.slackWebhook}` }] } },
  { type: 'assistant', message: { content: [{ type: 'text', text: `maps key=${S.googleApiKey}; also "${S.googleApiKey2}"` }] } },
  { type: 'assistant', message: { content: [{ type: 'text', text: `${S.pemRsa}\n\n${S.pemEc}\n${S.pemOpenssh}\n${S.pemPkcs8}` }] } },
  { type: 'assistant', message: { content: [{ type: 'text', text: `a key cut short: ${S.pemCut}` }] } },
  { type: 'assistant', message: { content: [{ type: 'text', text: `fetch https://api.example.com/v1?access_token=${S.urlAccessToken}&x=1 and https://x.example.com/?token=${S.urlToken} and https://y.example.com/a?b=1&api_key=${S.urlApiKey}` }] } },
  { type: 'assistant', message: { content: [{ type: 'text', text: `clone https://jane:${S.basicAuthPass}@git.example.com/r.git; db postgres://admin:${S.pgPass}@db.internal:5432/app` }] } },
  { type: 'assistant', message: { content: [{ type: 'tool_use', name: 'Bash', input: { command: `curl -H "Authorization: Basic ${S.basicHeader}" -H 'Authorization: Bearer ${S.bearerText}' --api-key ${S.textApiKey} https://x` } }] } },
  { type: 'assistant', message: { content: [{ type: 'text', text: `env:\nGITHUB_TOKEN=${S.envDumpToken}\nNPM=${S.npm}\nGL=${S.gitlab}\nSENDGRID=${S.sendgrid}\nOPENAI=${S.openai}\nANTHROPIC=${S.anthropic}\nPASSWORD=${S.textPasswordEq}` }] } },
];

/** What the fake CLI writes to stderr (not JSON). */
export const ERR: string[] = [`warning: login with password=${S.stderrPassword} failed`];

/** What the consumer sends on stdin. */
export const IN: unknown[] = [{ type: 'control_request', request_id: 'r1', request: { subtype: 'initialize' } }, user(`use ${S.stdinSecret} please`)];

/** A stdout line with a `__proto__` key, written as text (an object literal cannot hold one as data). */
export const PROTO_LINE = '{"type":"system","subtype":"proto","__proto__":{"polluted":"no"},"after":1}';
