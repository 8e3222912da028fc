// Scenario loader tests: issue #3 "Scenario format" (YAML validated by the zod schema; every
// problem of a file reported at once as `file:line:col: path: message`, with a did-you-mean for
// misspelled keys) and issue #9 hardening (alias bombs, prototype keys, deep nesting, paths,
// regexes, duplicate labels). Messages are part of the interface: these tests pin their exact text.
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EmuError } from '../../../src/errors.js';
import { formatProblems, loadScenarioFile, parseScenario, type ScenarioError } from '../../../src/scenario/load.js';

const SCENARIOS = fileURLToPath(new URL('../../../scenarios/', import.meta.url));

/** The YAML text of `lines` (one string per line; positions in the tests count these lines). */
const y = (...lines: string[]): string => lines.join('\n') + '\n';

/** The problems reported for `text`, as `file:line:col: path: message` lines. */
function problems(text: string, file = 'bad.yaml'): string[] {
  try {
    parseScenario(text, file);
  } catch (err) {
    expect(err).toBeInstanceOf(EmuError);
    const e = err as ScenarioError;
    expect(e.code).toBe('E_SCENARIO');
    const lines = formatProblems(e.problems).split('\n');
    // the message is the header plus the same lines
    expect(e.message).toBe(`invalid scenario ${file} (${lines.length} problem${lines.length === 1 ? '' : 's'}):\n${lines.join('\n')}`);
    return lines;
  }
  throw new Error('expected the scenario to be rejected');
}

const DUR = 'expected a duration: integer milliseconds or a string such as "800ms", "1.5s" or "2m"';

describe('bad scenarios: exact position and message (issue #3)', () => {
  it('unknown key: points at the key, with a did-you-mean', () => {
    const text = y(
      'turns:',
      '  - reply: hi',
      '    workflow:',
      '      phases:',
      '        - title: A',
      '          agents:',
      '            - label: x',
      '              duraton: 1s',
    );
    expect(problems(text)).toEqual(['bad.yaml:8:15: turns[0].workflow.phases[0].agents[0].duraton: unknown key "duraton"; did you mean "duration"?']);
  });

  it('unknown key without a close match lists the allowed keys', () => {
    expect(problems(y('turns: []', 'colour: red'))).toEqual([
      'bad.yaml:2:1: colour: unknown key "colour"; allowed keys: $schema, name, description, unmatched, fallback, late_rows, model, turns',
    ]);
  });

  it('unknown key inside a flow mapping (match)', () => {
    expect(problems(y('turns:', '  - match: { contians: x }'))).toEqual([
      'bad.yaml:2:14: turns[0].match.contians: unknown key "contians"; did you mean "contains"?',
    ]);
  });

  it('wrong type: points at the value and says how to fix it', () => {
    expect(problems(y('turns:', '  - reply: 5'))).toEqual([
      'bad.yaml:2:12: turns[0].reply: expected text (a string), got 5; put the value in quotes to make it text',
    ]);
  });

  it('wrong type: a string where a list belongs', () => {
    expect(problems(y('turns: hello'))).toEqual(['bad.yaml:1:8: turns: expected a list, got "hello"']);
  });

  it('wrong type: an empty list item where a turn belongs', () => {
    expect(problems(y('turns:', '  -'))).toEqual(['bad.yaml:2:4: turns[0]: expected a mapping, got an empty value']);
  });

  it('missing required key at the top: points at the top mapping', () => {
    expect(problems(y('# comment', 'name: x'))).toEqual(['bad.yaml:2:1: turns: missing required key "turns"']);
  });

  it('missing required key: points at the mapping that should hold it', () => {
    const text = y('turns:', '  - workflow:', '      agents:', '        - duration: 1s');
    expect(problems(text)).toEqual(['bad.yaml:4:11: turns[0].workflow.agents[0].label: missing required key "label"']);
  });

  it('missing required duration in a flow mapping points at the brace', () => {
    const text = y('turns:', '  - workflow:', '      interrupt: { reason: x }');
    expect(problems(text)).toEqual(['bad.yaml:3:18: turns[0].workflow.interrupt.after: missing required key "after"']);
  });

  it('invalid enum value, with a did-you-mean when close', () => {
    expect(problems(y('unmatched: eccho', 'turns: []'))).toEqual([
      'bad.yaml:1:12: unmatched: expected one of "echo", "error", got "eccho"; did you mean "echo"?',
    ]);
    expect(problems(y('turns:', '  - workflow:', '      outcome: done'))).toEqual([
      'bad.yaml:3:16: turns[0].workflow.outcome: expected one of "completed", "failed", got "done"',
    ]);
  });

  it('a fallback turn takes no match and does not go with unmatched (docs/scenarios.md, "How a prompt selects a turn")', () => {
    expect(parseScenario(y('fallback: { reply: x }', 'turns: []'), 'ok.yaml').fallback).toEqual({ reply: 'x' });
    expect(problems(y('fallback:', '  match: { contains: a }', '  reply: x', 'turns: []'))).toEqual([
      'bad.yaml:2:3: fallback.match: the fallback turn plays when no turn matches, so it takes no match: remove it, or move the turn into turns',
    ]);
    expect(problems(y('unmatched: error', 'fallback: { reply: x }', 'turns: []'))).toEqual([
      'bad.yaml:1:12: unmatched: unmatched never applies when a fallback turn is given: remove one of them',
    ]);
  });

  it('bad durations: unknown unit, negative, fraction of a ms, over a day, quoted number, wrong type', () => {
    const at = (v: string) => problems(y('turns:', `  - delay: ${v}`));
    expect(at('5 sec')).toEqual([`bad.yaml:2:12: turns[0].delay: ${DUR}, got "5 sec"`]);
    expect(at('-5')).toEqual(['bad.yaml:2:12: turns[0].delay: a duration cannot be negative, got -5']);
    expect(at('"-5s"')).toEqual(['bad.yaml:2:12: turns[0].delay: a duration cannot be negative, got "-5s"']);
    expect(at('1.5')).toEqual([
      'bad.yaml:2:12: turns[0].delay: a number is a count of milliseconds and must be whole, got 1.5; for fractions use a unit, e.g. "1.5s"',
    ]);
    expect(at('1e30')).toEqual(['bad.yaml:2:12: turns[0].delay: a duration must be at most one day (86400000 ms), got 1e+30']);
    expect(at('1441m')).toEqual(['bad.yaml:2:12: turns[0].delay: a duration must be at most one day (86400000 ms), got "1441m"']);
    expect(at('"500"')).toEqual([`bad.yaml:2:12: turns[0].delay: ${DUR}, got "500"; add a unit ("500ms") or write the number without quotes`]);
    expect(at('true')).toEqual([`bad.yaml:2:12: turns[0].delay: ${DUR}, got true`]);
  });

  it('refine: outcome failed without error points at the outcome', () => {
    const text = y('turns:', '  - workflow:', '      outcome: failed', '      agents: [{ label: a }]');
    expect(problems(text)).toEqual(['bad.yaml:3:16: turns[0].workflow.outcome: outcome failed needs an error message; add error: "..." to the workflow']);
  });

  it('refine: phases and agents both given points at the agents key', () => {
    const text = y('turns:', '  - workflow:', '      phases: [{ title: t, agents: [{ label: b }] }]', '      agents:', '        - label: a');
    expect(problems(text)).toEqual([
      'bad.yaml:4:7: turns[0].workflow.agents: use either "phases:" or "agents:", not both; put these agents into a phase',
    ]);
  });

  it('refine: a cached agent that fails', () => {
    const text = y('turns:', '  - workflow:', '      agents:', '        - { label: a, cached: true, fail: boom }');
    expect(problems(text)).toEqual(['bad.yaml:4:43: turns[0].workflow.agents[0].fail: a cached agent cannot fail; remove "cached: true" or "fail:"']);
  });

  it('refine: workflow and workflows both given', () => {
    const text = y('turns:', '  - workflow: { agents: [{ label: a }] }', '    workflows: []');
    expect(problems(text)).toEqual([
      'bad.yaml:3:5: turns[0].workflows: use either "workflow:" or "workflows:", not both; move the workflow into the list',
    ]);
  });

  it('refine: late_rows.min above late_rows.max', () => {
    expect(problems(y('late_rows: { min: 3s, max: 1s }', 'turns: []'))).toEqual([
      'bad.yaml:1:19: late_rows.min: late_rows.min (3000 ms) must not exceed late_rows.max (1000 ms)',
    ]);
  });

  it('issue #9 hardening: duplicate agent labels within one workflow', () => {
    const text = y(
      'turns:',
      '  - workflow:',
      '      phases:',
      '        - title: A',
      '          agents: [{ label: a }, { label: b }]',
      '        - title: B',
      '          agents:',
      '            - label: a',
    );
    expect(problems(text)).toEqual([
      'bad.yaml:8:22: turns[0].workflow.phases[1].agents[0].label: duplicate agent label "a" (first used at phases[0].agents[0].label); labels must be unique within a workflow',
    ]);
  });

  it('the same label in two different workflows is fine', () => {
    const text = y('turns:', '  - workflows:', '      - agents: [{ label: a }]', '      - agents: [{ label: a }]');
    expect(parseScenario(text).turns[0]!.workflows).toHaveLength(2);
  });

  it('issue #9 hardening: empty phases and empty agent lists', () => {
    expect(problems(y('turns:', '  - workflow:', '      phases: []'))).toEqual([
      'bad.yaml:3:15: turns[0].workflow.phases: a workflow needs at least one phase; for a workflow without phases, omit "phases:" and list "agents:"',
    ]);
    expect(problems(y('turns:', '  - workflow:', '      phases: [{ title: t, agents: [] }]'))).toEqual([
      'bad.yaml:3:36: turns[0].workflow.phases[0].agents: a phase needs at least one agent',
    ]);
    expect(problems(y('turns:', '  - workflow:', '      agents: []'))).toEqual([
      'bad.yaml:3:15: turns[0].workflow.agents: list at least one agent, or omit "agents:"',
    ]);
  });

  it('issue #9 hardening: script must be relative and free of ".."', () => {
    const at = (v: string) => problems(y('turns:', '  - workflow:', `      script: ${v}`));
    const msg = (v: string) => `bad.yaml:3:15: turns[0].workflow.script: script must be a relative path without ".." (such as "research.workflow.js"), got ${v}`;
    expect(at('/etc/passwd')).toEqual([msg('"/etc/passwd"')]);
    expect(at('../x.js')).toEqual([msg('"../x.js"')]);
    expect(at('a/../../b.js')).toEqual([msg('"a/../../b.js"')]);
    expect(at('"C:\\\\x.js"')).toEqual([msg('"C:\\\\x.js"')]);
    expect(at('"a\\\\..\\\\b.js"')).toEqual([msg('"a\\\\..\\\\b.js"')]);
    // dots inside names are fine
    expect(parseScenario(y('turns:', '  - workflow:', '      script: lib/a..b/c..js')).turns[0]!.workflow!.script).toBe('lib/a..b/c..js');
  });

  it('issue #9 hardening: an invalid regex is rejected at load', () => {
    expect(problems(y('turns:', '  - match: { regex: "(" }'))).toEqual([
      'bad.yaml:2:21: turns[0].match.regex: not a valid JavaScript regular expression (Unterminated group); escape special characters such as ( [ { * + ? with a backslash',
    ]);
  });

  it('issue #9 hardening: huge and non-finite numbers', () => {
    expect(problems(y('turns:', '  - workflow:', '      agents: [{ label: a, tokens: 1e400 }]'))).toEqual([
      'bad.yaml:3:36: turns[0].workflow.agents[0].tokens: expected a finite number, got Infinity',
    ]);
    expect(problems(y('turns:', '  - workflow:', '      agents: [{ label: a, tokens: 1e13 }]'))).toEqual([
      'bad.yaml:3:36: turns[0].workflow.agents[0].tokens: expected at most 1000000000000, got 10000000000000',
    ]);
    expect(problems(y('turns:', '  - workflow:', '      agents: [{ label: a, tokens: -1, tool_uses: 1.5 }]'))).toEqual([
      'bad.yaml:3:36: turns[0].workflow.agents[0].tokens: expected at least 0, got -1',
      'bad.yaml:3:51: turns[0].workflow.agents[0].tool_uses: expected a whole number, got 1.5',
    ]);
  });

  it('empty strings and overlong text', () => {
    expect(problems(y('turns:', '  - workflow:', '      agents: [{ label: "" }]'))).toEqual([
      'bad.yaml:3:25: turns[0].workflow.agents[0].label: must not be empty',
    ]);
    expect(problems(y('turns:', `  - reply: "${'a'.repeat(100_001)}"`))).toEqual([
      'bad.yaml:2:12: turns[0].reply: text is too long: at most 100000 characters, got 100001',
    ]);
  });

  it('followup must be text or false', () => {
    expect(problems(y('turns:', '  - workflow:', '      followup: true'))).toEqual([
      'bad.yaml:3:17: turns[0].workflow.followup: expected the follow-up reply text or false, got true',
    ]);
  });
});

describe('bad YAML (issue #3, issue #9 hardening)', () => {
  it('unclosed quote: points at the opening quote', () => {
    expect(problems(y('turns:', '  - reply: "unterminated'))).toEqual(['bad.yaml:2:12: this quoted text is never closed; add the closing "']);
  });

  it('other syntax errors keep the YAML parser message and position', () => {
    expect(problems(y('turns:', '  - reply: a', '   bad: indent'))).toEqual(['bad.yaml:3:1: YAML syntax: Sequence item without - indicator']);
  });

  it('duplicate keys: points at the second one', () => {
    expect(problems(y('turns: []', 'name: a', 'turns: []'))).toEqual(['bad.yaml:3:1: duplicate key "turns"; a key may appear only once in a mapping']);
  });

  it('several documents in one file', () => {
    expect(problems(y('turns: []', '---', 'turns: []'))).toEqual([
      'bad.yaml:2:1: a scenario file holds one YAML document; remove the "---" line and merge the documents',
    ]);
  });

  it('tab indentation', () => {
    expect(problems(y('turns:', '\t- reply: x'))).toEqual(['bad.yaml:2:1: tabs are not allowed for indentation; indent with spaces']);
  });

  it('top level that is not a mapping', () => {
    expect(problems(y('- a', '- b'))).toEqual([
      'bad.yaml:1:1: expected a mapping at the top level (keys such as "name:" and "turns:"), got a list',
    ]);
    expect(problems(y('# a scalar', 'hello'))).toEqual([
      'bad.yaml:2:1: expected a mapping at the top level (keys such as "name:" and "turns:"), got "hello"',
    ]);
  });

  it('empty file and comment-only file', () => {
    const msg = 'bad.yaml:1:1: the file holds no scenario; write at least "turns:" with a list of turns (turns: [] echoes every prompt)';
    expect(problems('')).toEqual([msg]);
    expect(problems(y('# nothing here'))).toEqual([msg]);
  });

  it('alias bomb: stopped by the alias limit, reported at an alias', () => {
    const text = y(
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]',
      'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]',
      'd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]',
      'turns: []',
    );
    expect(problems(text)).toEqual([
      'bad.yaml:2:8: aliases expand to too many nodes (more than 100); write the repeated content out instead of nesting aliases',
    ]);
  });

  it('an alias without its anchor', () => {
    expect(problems(y('turns:', '  - reply: *nope'))).toEqual(['bad.yaml:2:12: YAML: Unresolved alias (the anchor must be set before the alias): nope']);
  });

  it('a problem inside aliased content is reported where the alias is used', () => {
    expect(problems(y('turns:', '  - &t { reply: 5 }', '  - *t'))).toEqual([
      'bad.yaml:2:17: turns[0].reply: expected text (a string), got 5; put the value in quotes to make it text',
      'bad.yaml:3:5: turns[1].reply: expected text (a string), got 5; put the value in quotes to make it text (in the content of alias *t)',
    ]);
  });

  it('deep nesting is refused before the recursive YAML composer sees it', () => {
    const msg = 'lists and mappings are nested too deeply (more than 64 levels); a scenario needs about 10';
    expect(problems('turns: ' + '['.repeat(20_000) + ']'.repeat(20_000) + '\n')).toEqual([`bad.yaml:1:71: ${msg}`]);
    expect(problems('turns:\n' + '- '.repeat(100_000) + 'x\n')).toEqual([`bad.yaml:2:127: ${msg}`]);
  });

  it('__proto__ and constructor are unknown keys and pollute nothing', () => {
    expect(problems(y('__proto__: { polluted: true }', 'turns: []'))).toEqual([
      'bad.yaml:1:1: __proto__: unknown key "__proto__"; allowed keys: $schema, name, description, unmatched, fallback, late_rows, model, turns',
    ]);
    expect(problems(y('turns:', '  - constructor: { prototype: { polluted: true } }'))).toEqual([
      'bad.yaml:2:5: turns[0].constructor: unknown key "constructor"; allowed keys: match, reply, result, delay, partial, workflow, workflows, error, ask, structured_output, background',
    ]);
    expect(problems(y('turns:', '  - workflow:', '      agents:', '        - label: a', '          __proto__: { polluted: true }'))).toEqual([
      'bad.yaml:5:11: turns[0].workflow.agents[0].__proto__: unknown key "__proto__"; allowed keys: label, prompt, duration, tokens, tool_uses, result, fail, cached, model',
    ]);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});

describe('all problems at once (issue #3)', () => {
  it('reports every problem of a file, sorted by position, in one EmuError', () => {
    const text = y(
      'nam: x',
      'turns:',
      '  - reply: 5',
      '    delay: 3 days',
      '    workflow:',
      '      outcome: failed',
      '      agents:',
      '        - { label: a, duration: x }',
      '        - { label: a, cached: true, fail: y }',
      '  - repyl: x',
    );
    let err: unknown;
    try {
      parseScenario(text, 'multi.yaml');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(EmuError);
    expect((err as ScenarioError).problems).toHaveLength(8);
    expect((err as Error).message).toBe(
      [
        'invalid scenario multi.yaml (8 problems):',
        'multi.yaml:1:1: nam: unknown key "nam"; did you mean "name"?',
        'multi.yaml:3:12: turns[0].reply: expected text (a string), got 5; put the value in quotes to make it text',
        `multi.yaml:4:12: turns[0].delay: ${DUR}, got "3 days"`,
        'multi.yaml:6:16: turns[0].workflow.outcome: outcome failed needs an error message; add error: "..." to the workflow',
        'multi.yaml:8:33: turns[0].workflow.agents[0].duration: ' + DUR + ', got "x"',
        'multi.yaml:9:20: turns[0].workflow.agents[1].label: duplicate agent label "a" (first used at agents[0].label); labels must be unique within a workflow',
        'multi.yaml:9:43: turns[0].workflow.agents[1].fail: a cached agent cannot fail; remove "cached: true" or "fail:"',
        'multi.yaml:10:5: turns[1].repyl: unknown key "repyl"; did you mean "reply"?',
      ].join('\n'),
    );
  });

  it('problems carry file, line, col, path and message as fields', () => {
    try {
      parseScenario(y('turns:', '  - reply: 5'), 'f.yaml');
    } catch (e) {
      expect((e as ScenarioError).problems).toEqual([
        { file: 'f.yaml', line: 2, col: 12, path: 'turns[0].reply', message: 'expected text (a string), got 5; put the value in quotes to make it text' },
      ]);
    }
  });
});

describe('good scenarios (issue #3)', () => {
  const files = readdirSync(SCENARIOS).filter((f) => f.endsWith('.yaml'));

  it('ships scenarios', () => {
    expect(files).toContain('deep-research.yaml');
    expect(files).toContain('default.yaml');
  });

  it.each(files)('scenarios/%s loads', (f) => {
    const s = loadScenarioFile(join(SCENARIOS, f));
    expect(s.turns.length).toBeGreaterThan(0);
  });

  it('the issue #3 reference file loads unchanged, durations in milliseconds', () => {
    const s = loadScenarioFile(join(SCENARIOS, 'deep-research.yaml'));
    expect(s.name).toBe('deep-research');
    const [first, second] = s.turns;
    expect(first!.match).toEqual({ contains: '/deep-research' });
    const wf = first!.workflow!;
    expect(wf.script).toBe('deep-research.workflow.js');
    expect(wf.outcome).toBe('completed');
    expect(wf.phases!.map((p) => p.title)).toEqual(['Gather', 'Verify', 'Synthesize']);
    expect(wf.phases![0]!.agents.map((a) => a.duration)).toEqual([800, 1200, undefined]);
    expect(wf.phases![0]!.agents[2]!.cached).toBe(true);
    expect(wf.phases![1]!.agents[0]).toEqual({ label: 'verifier', duration: 500, fail: 'claim could not be verified' });
    expect(wf.phases![2]!.agents[0]!.duration).toBe(1000);
    expect(second!.workflow!.interrupt).toEqual({ after: 2000, reason: 'user cancel' });
    expect(second!.workflow!.phases![0]!.agents.map((a) => a.duration)).toEqual([30_000, 30_000]);
  });

  it('accepts $schema, a BOM, CRLF line ends, and aliases that resolve', () => {
    expect(parseScenario('\uFEFF$schema: ../docs/scenario.schema.json\nturns: []\n')).toEqual({ $schema: '../docs/scenario.schema.json', turns: [] });
    expect(parseScenario('turns:\r\n  - reply: hi\r\n').turns[0]!.reply).toBe('hi');
    expect(problems('turns:\r\n  - reply: 5\r\n')).toEqual(['bad.yaml:2:12: turns[0].reply: expected text (a string), got 5; put the value in quotes to make it text']);
    const s = parseScenario(y('turns:', '  - &t { reply: hi, delay: 2s }', '  - *t'));
    expect(s.turns).toEqual([
      { reply: 'hi', delay: 2000 },
      { reply: 'hi', delay: 2000 },
    ]);
  });

  it('turns: [] is a valid (echo-only) scenario', () => {
    expect(parseScenario('turns: []\n')).toEqual({ turns: [] });
  });

  it('nesting up to the limit (64 levels) passes the depth check', () => {
    // the top mapping plus 63 lists: 64 levels (the schema then rejects the content)
    expect(problems('turns: ' + '['.repeat(63) + ']'.repeat(63) + '\n')).toEqual(['bad.yaml:1:9: turns[0]: expected a mapping, got a list']);
    expect(problems('turns: ' + '['.repeat(64) + ']'.repeat(64) + '\n')).toEqual([
      'bad.yaml:1:71: lists and mappings are nested too deeply (more than 64 levels); a scenario needs about 10',
    ]);
  });
});

describe('loadScenarioFile', () => {
  it('names the file in every problem line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cbc-emu-scenario-'));
    const file = join(dir, 'typo.yaml');
    writeFileSync(file, y('turns:', '  - replly: hi'));
    expect(() => loadScenarioFile(file)).toThrow(`invalid scenario ${file} (1 problem):\n${file}:2:5: turns[0].replly: unknown key "replly"; did you mean "reply"?`);
  });

  it('a missing file is an E_SCENARIO error naming the path and the fix', () => {
    const file = join(tmpdir(), 'cbc-emu-no-such-dir', 'missing.yaml');
    let err: unknown;
    try {
      loadScenarioFile(file);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(EmuError);
    expect((err as EmuError).code).toBe('E_SCENARIO');
    expect((err as Error).message).toBe(`cannot read scenario ${file} (ENOENT); check the path given to --emu-scenario / CBC_EMU_SCENARIO`);
  });
});
