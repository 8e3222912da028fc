// The emulator's scripted model for the surface comparison (test/golden/real/scenarios/surface-model.yaml) must say
// what the capture's fake model (test/capture/model-script.mjs) says, keyword by keyword (issue #16): the same tool
// call with the same input, the same text, the same error, the same slow reply. A mismatch there shows up as a
// divergence in every case that uses the keyword (env_disable_bg_bash_h3: the yaml's BGBASH call lacked
// run_in_background), so this holds the two together: each keyword of decide() is played by the emulator with
// every surface profile and its first model output is compared with decide()'s answer. Needs `npm run build`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadScenarioFile } from '../../dist/scenario/load.js';
import { runInMemory } from '../../dist/testkit/harness.js';
import { ROOT } from '../helpers/run-bin.js';

const SCENARIO = join(ROOT, 'test', 'golden', 'real', 'scenarios', 'surface-model.yaml');
const PROFILES = ['cbc-2.117.0', 'claude-2.1.220', 'claude-2.1.328'];

type F = Record<string, unknown>;
type Decision = { kind: 'text' | 'slow' | 'hang' | 'error'; text?: string } | { kind: 'tool'; name: string; input: F };
type Decide = (req: { first: string; last: string; hasToolResult: boolean; tools: string[] }) => Decision;
const { decide, SLOW_MS } = (await import(pathToFileURL(join(ROOT, 'test', 'capture', 'model-script.mjs')).href)) as { decide: Decide; SLOW_MS: number };
const decideFor = decide;

/** The keywords decide() reads, from its source: `last` ones pick the main model's reply, `first` ones a sub-agent's. */
function keywords(): Array<{ word: string; on: 'first' | 'last' }> {
  const src = decide.toString();
  return [...src.matchAll(/\b(first|last)\.includes\('([A-Z_]+)'\)/g)].map((m) => ({ word: m[2]!, on: m[1] as 'first' | 'last' }));
}

/** The message the fake APIs answer an `error` decision with (hard-coded in both servers). */
function fakeErrorMessages(): string[] {
  return ['fake-anthropic.mjs', 'fake-openai.mjs'].map((f) => {
    const src = readFileSync(join(ROOT, 'test', 'capture', f), 'utf8');
    const m = /kind === 'error'\)[\s\S]{0,200}?message: '([^']+)'/.exec(src);
    if (!m) throw new Error(`no error message found in test/capture/${f}`);
    return m[1]!;
  });
}

/** Every value of the scenario's tree, depth first. */
function walk(v: unknown, out: F[] = []): F[] {
  if (Array.isArray(v)) for (const x of v) walk(x, out);
  else if (v !== null && typeof v === 'object') {
    out.push(v as F);
    for (const x of Object.values(v)) walk(x, out);
  }
  return out;
}

/** The environment switches that change what a CLI does with a call, not what the model asks for. */
const SWITCHES = { CODEBUDDY_CODE_DISABLE_BACKGROUND_TASKS: '1', CLAUDE_CODE_DISABLE_BACKGROUND_TASKS: '1' };

async function firstOutput(profile: string, prompt: string, env: Record<string, string>): Promise<{ assistant: F | undefined; result: F | undefined }> {
  const argv = ['-p', prompt, '--output-format', 'stream-json', '--verbose', '--emu-profile', profile, '--emu-scenario', SCENARIO, '--emu-speed', '0', '--emu-seed', '1'];
  const r = await runInMemory({ argv, env: { HOME: '/nonexistent-cbc-emu-home', ...env }, stdin: '' });
  const frames = r.stdout.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as F);
  const assistant = frames.find((f) => f['type'] === 'assistant');
  return { assistant, result: frames.find((f) => f['type'] === 'result') };
}

const content = (f: F | undefined): F[] => ((f?.['message'] as F | undefined)?.['content'] as F[] | undefined) ?? [];

describe('surface-model.yaml plays what model-script.mjs decides (issue #16)', () => {
  const words = keywords();
  it('finds the keywords of model-script.mjs', () => {
    expect(words.map((w) => w.word)).toEqual(expect.arrayContaining(['BGBASH', 'FGBASH', 'APIERR', 'HANG', 'SUBAGENT_ALPHA']));
  });

  it('matches on no keyword model-script.mjs does not know', () => {
    const known = new Set(words.map((w) => w.word));
    const scenario = loadScenarioFile(SCENARIO) as { turns: Array<{ match?: { contains?: string } }> };
    const matched = scenario.turns.map((t) => t.match?.contains).filter((c): c is string => c !== undefined);
    expect(matched.filter((c) => !known.has(c))).toEqual([]);
  });

  for (const { word } of words.filter((w) => w.on === 'last')) {
    for (const [profile, env] of PROFILES.flatMap((p) => [[p, {}], [p, SWITCHES]] as const)) {
      it(`${word} x ${profile}${env === SWITCHES ? ' (background switched off)' : ''}`, async () => {
        const prompt = `${word} please`;
        const want = decideFor({ first: prompt, last: prompt, hasToolResult: false, tools: [] });
        const { assistant, result } = await firstOutput(profile, prompt, env);
        if (want.kind === 'tool') {
          const call = content(assistant).find((b) => b['type'] === 'tool_use');
          expect({ name: call?.['name'], input: call?.['input'] }).toEqual({ name: want.name, input: want.input });
        } else if (want.kind === 'error') {
          expect(result?.['is_error']).toBe(true);
          const said = JSON.stringify([result?.['result'], result?.['errors'], content(assistant)]);
          for (const m of fakeErrorMessages()) expect(said).toContain(m);
        } else {
          const text = content(assistant).find((b) => b['type'] === 'text');
          expect(text?.['text']).toBe(want.text);
          // the fake API holds a slow reply SLOW_MS (virtual time here); a hanging one never ends
          if (want.kind === 'slow') expect(result?.['duration_ms']).toBeGreaterThanOrEqual(SLOW_MS);
          if (want.kind === 'hang') expect(result?.['duration_ms']).toBeGreaterThan(SLOW_MS * 10);
        }
      });
    }
  }

  it('gives each sub-agent prompt the reply and delay model-script.mjs gives it', () => {
    const nodes = walk(loadScenarioFile(SCENARIO)).filter((n) => typeof n['prompt'] === 'string' && typeof n['result'] === 'string');
    const subs = words.filter((w) => w.on === 'first');
    const seen = new Set<string>();
    for (const n of nodes) {
      const prompt = n['prompt'] as string;
      const word = subs.find((w) => prompt.includes(w.word));
      if (!word) continue;
      seen.add(word.word);
      const want = decideFor({ first: prompt, last: prompt, hasToolResult: false, tools: [] });
      expect({ prompt, result: n['result'] }).toEqual({ prompt, result: want.kind === 'tool' ? undefined : want.text });
      if (want.kind === 'slow') expect({ prompt, duration: n['duration'] }).toEqual({ prompt, duration: SLOW_MS });
    }
    expect([...seen].sort()).toEqual(subs.map((w) => w.word).sort());
  });
});
