import type * as SecretlintCore from '@secretlint/core';
import type { lintSource as LintSource } from '@secretlint/core';
import type * as SecretlintPreset from '@secretlint/secretlint-rule-preset-recommend';
import { importEsm } from '../../esm.js';

/**
 * Provider key formats from a maintained rule set: @secretlint/core with the recommended preset
 * (GitHub, GitLab, Stripe, Slack, AWS, npm, OpenAI, Anthropic, SendGrid, Shopify, private keys, basic
 * auth, database URIs, …; issue #18 class 8). The scan only finds the secrets in a text; replacing them
 * is the Redactor's job, so one secret keeps one placeholder wherever it appears later.
 */

/** A secret the preset found, with the rule that found it (`github`, `stripe`, …). */
export interface FoundSecret {
  rule: string;
  value: string;
}

/** Shorter matches are not replaced everywhere (they would hit ordinary text). */
const MIN_SECRET = 8;

type Config = Parameters<typeof LintSource>[0]['options']['config'];
let config: Promise<Config> | undefined;
let lint: Promise<typeof LintSource> | undefined;

/** The preset, loaded on first use (record only: the drop-in and the other tools never pay for it). */
function load(): [Promise<Config>, Promise<typeof LintSource>] {
  config ??= (importEsm('@secretlint/secretlint-rule-preset-recommend') as Promise<typeof SecretlintPreset>).then(({ creator }) => ({
    // the AWS access key id and account id scans are off by default in the preset: a recording wants them
    rules: [{ id: creator.meta.id, rule: creator, rules: [{ id: '@secretlint/secretlint-rule-aws', options: { enableIDScanRule: true } }] }],
  }));
  lint ??= (importEsm('@secretlint/core') as Promise<typeof SecretlintCore>).then((m) => m.lintSource);
  return [config, lint];
}

/** A match read out of JSON text may still hold escapes (`\n` in a PEM, `\/`): also its decoded form. */
function forms(s: string): string[] {
  const out = [s];
  for (let t = s, i = 0; i < 2 && t.includes('\\'); i++) {
    try {
      t = JSON.parse(`"${t}"`) as string;
      out.push(t);
    } catch {
      break;
    }
  }
  return out;
}

/** The secrets the preset finds in `text` (each in the forms it may take inside a decoded string). */
export async function scanSecrets(text: string): Promise<FoundSecret[]> {
  const [cfg, lintSource] = load();
  const result = await (await lintSource)({
    source: { content: text, filePath: 'cassette.txt', ext: '.txt', contentType: 'text' },
    options: { config: await cfg, noPhysicFilePath: true },
  });
  const found: FoundSecret[] = [];
  for (const m of result.messages) {
    const rule = m.ruleId.replace(/^@secretlint\/secretlint-rule-/, '');
    // the rule's data names the secret itself (the AWS secret's range starts at the key name before it);
    // data that is not in the text is a description (`typeName`), not the secret
    const named = Object.values(m.data ?? {}).filter((v): v is string => typeof v === 'string' && text.includes(v));
    const values = named.length > 0 ? named : [text.slice(m.range[0], m.range[1])];
    for (const v of values) for (const f of forms(v)) if (f.length >= MIN_SECRET) found.push({ rule, value: f });
  }
  return found;
}
