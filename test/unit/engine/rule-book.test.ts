// Issue #16 (round 8, helper FC): the session's permission rules with their sources (src/engine/rule-book.ts) and how
// list_permission_rules reads them back (src/profiles/claude/permission-rules.ts), as measured on Claude Code 2.1.328
// (captures ctl_list_permission_rules_*_fc, req_can_use_tool_*_fc); a prompt queued while a tool call waits folds into
// the turn (src/engine/fold.ts; in_user_pending_*); settings command hooks run for real (src/engine/command-hooks.ts).
import { describe, expect, it } from 'vitest';
import { RuleBook } from '../../../src/engine/rule-book.js';
import { ruleDescription } from '../../../src/profiles/claude/permission-rules.js';
import { parseScenario } from '../../../src/scenario/load.js';
import type { Frame } from '../../helpers/frames.js';
import { answerLine, controlLine, driveStream, userLine as user, type Host } from '../../helpers/stream-json.js';

const add = (behavior: string, destination: string, ...rules: Array<[string, string?]>) => ({
  type: 'addRules',
  behavior,
  destination,
  rules: rules.map(([toolName, ruleContent]) => (ruleContent === undefined ? { toolName } : { toolName, ruleContent })),
});

describe('RuleBook (#16)', () => {
  it('applies add, replace and remove per behaviour and destination, and directories', () => {
    const book = new RuleBook([{ behavior: 'allow', source: 'cliArg', rule: 'Read' }]);
    book.apply(add('allow', 'session', ['Bash'], ['Bash', 'touch:*']));
    book.apply(add('deny', 'session', ['WebFetch']));
    expect(book.list('allow')).toEqual(['Read', 'Bash', 'Bash(touch:*)']);
    book.apply({ type: 'replaceRules', behavior: 'allow', destination: 'session', rules: [{ toolName: 'Bash', ruleContent: 'echo:*' }] });
    expect(book.list('allow')).toEqual(['Read', 'Bash(echo:*)']); // the cliArg rule stays
    book.apply({ type: 'removeRules', behavior: 'deny', destination: 'session', rules: [{ toolName: 'WebFetch' }] });
    expect(book.list('deny')).toEqual([]);
    book.apply({ type: 'addDirectories', directories: ['sub', 7], destination: 'session' });
    expect(book.directories).toEqual([{ path: 'sub', source: 'session' }]);
    expect(book.apply({ type: 'setMode', mode: 'acceptEdits', destination: 'session' })).toBe('acceptEdits');
    expect(book.apply({ type: 'addRules', behavior: 'maybe', rules: [{ toolName: 'Bash' }] })).toBeUndefined();
    expect(book.list('allow')).toEqual(['Read', 'Bash(echo:*)']);
  });

  it('lists allow, ask, deny, each by source order, each rule once', () => {
    const book = new RuleBook([
      { behavior: 'deny', source: 'cliArg', rule: 'WebFetch' },
      { behavior: 'allow', source: 'session', rule: 'Bash' },
      { behavior: 'allow', source: 'flagSettings', rule: 'Edit' },
      { behavior: 'ask', source: 'userSettings', rule: 'Write' },
      { behavior: 'allow', source: 'session', rule: 'Bash' },
    ]);
    expect(book.listing().map((r) => `${r.behavior} ${r.source} ${r.rule}`)).toEqual(['allow flagSettings Edit', 'allow session Bash', 'ask userSettings Write', 'deny cliArg WebFetch']);
  });

  it('describes a rule as the terminal does', () => {
    expect(ruleDescription('Bash')).toEqual({ prefix: 'Any Bash command' });
    expect(ruleDescription('Bash(npm run:*)')).toEqual({ prefix: 'Any Bash command starting with ', emphasis: 'npm run' });
    expect(ruleDescription('Bash(rm *)')).toEqual({ prefix: 'Any Bash command starting with ', emphasis: 'rm' });
    expect(ruleDescription('Bash(git status)')).toEqual({ prefix: 'The Bash command ', emphasis: 'git status' });
    expect(ruleDescription('mcp__srv__tool')).toEqual({ prefix: 'Any use of the ', emphasis: 'mcp__srv__tool', suffix: ' tool' });
    expect(ruleDescription('Read(src/**)')).toBeUndefined();
  });
});

const toolTurn = '  - match: { contains: TOOL }\n    ask: { tool: Bash, input: { command: "echo x" }, output: "x" }\n    result: "after tool"\n';
const scenario = parseScenario(`turns:\n${toolTurn}${toolTurn}  - result: "plain reply"\n`);

/** A Claude 2.1.328 session in stream-json mode: `onFrame` may write to stdin; stdin ends after `results` results. */
async function session(extra: string[], results: number, onFrame: (f: Frame, host: Host) => void): Promise<Frame[]> {
  let seen = 0;
  const run = await driveStream({
    profile: 'claude-2.1.328',
    extra: ['--no-session-persistence', ...extra],
    scenario,
    first: controlLine('req_1', { subtype: 'initialize' }),
    endAtResult: false,
    on: (f, host) => {
      onFrame(f, host);
      if (f['type'] === 'result' && ++seen === results) host.end();
    },
  });
  return run.frames;
}

describe('session rules, folding and command hooks in a session (#16)', () => {
  it('a session deny rule from an answer refuses the next call by rule; list_permission_rules names it', async () => {
    let turns = 0;
    const frames = await session(['--permission-prompt-tool', 'stdio'], 2, (f, host) => {
      if (f['type'] === 'control_response' && f['response']['request_id'] === 'req_1') host.send(user('TOOL 1'));
      const deny = { type: 'addRules', behavior: 'deny', destination: 'session', rules: [{ toolName: 'Bash' }] };
      if (f['type'] === 'control_request') host.send(answerLine(f['request_id'], { behavior: 'allow', updatedInput: { command: 'echo x' }, updatedPermissions: [deny] }));
      if (f['type'] === 'result' && ++turns === 1) host.send(controlLine('req_2', { subtype: 'list_permission_rules' }));
      if (f['type'] === 'control_response' && f['response']['request_id'] === 'req_2') host.send(user('TOOL 2'));
    });
    expect(frames.filter((f) => f['type'] === 'control_request')).toHaveLength(1);
    const listed = frames.find((f) => f['type'] === 'control_response' && f['response']['request_id'] === 'req_2');
    expect(listed?.['response']['response']['state']['rules']).toEqual([{ behavior: 'deny', source: 'session', rule: 'Bash', description: { prefix: 'Any Bash command' }, editability: 'session' }]);
    expect(frames.find((f) => f['subtype'] === 'permission_denied')).toMatchObject({ decision_reason_type: 'rule', message: 'Permission to use Bash has been denied.' });
  });

  it('a user line that arrives while can_use_tool waits gets no turn of its own', async () => {
    const frames = await session(['--permission-prompt-tool', 'stdio'], 1, (f, host) => {
      if (f['type'] === 'control_response' && f['response']['request_id'] === 'req_1') host.send(user('TOOL 1'));
      if (f['type'] === 'control_request') {
        host.send(user('hello'));
        setImmediate(() => host.send(answerLine(f['request_id'], { behavior: 'allow', updatedInput: { command: 'echo x' } })));
      }
    });
    expect(frames.filter((f) => f['type'] === 'result').map((f) => f['result'])).toEqual(['after tool']);
    expect(frames.filter((f) => f['subtype'] === 'init')).toHaveLength(1);
  });

  it('runs a settings command hook and reports it with --include-hook-events; exit 2 refuses the tool call', async () => {
    const hooks = {
      UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'echo hooked' }] }],
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo no >&2; exit 2' }] }],
      Stop: [{ hooks: [{ type: 'command', command: 'cat' }] }], // echoes its input: the hook's stdin
    };
    const frames = await session(['--include-hook-events', '--settings', JSON.stringify({ hooks })], 1, (f, host) => {
      if (f['type'] === 'control_response' && f['response']['request_id'] === 'req_1') host.send(user('TOOL 1'));
    });
    const responses = frames.filter((f) => f['subtype'] === 'hook_response');
    expect(responses.slice(0, 2).map((f) => [f['hook_name'], f['stdout'], f['stderr'], f['exit_code'], f['outcome']])).toEqual([
      ['UserPromptSubmit', 'hooked\n', '', 0, 'success'],
      ['PreToolUse:Bash', '', 'no\n', 2, 'error'],
    ]);
    expect(JSON.parse(String(responses[2]?.['stdout']))).toMatchObject({ hook_event_name: 'Stop', stop_hook_active: false, permission_mode: 'default' });
    const refused = frames.find((f) => f['type'] === 'user' && JSON.stringify(f).includes('hook error'));
    expect(refused?.['message']['content'][0]).toMatchObject({ content: 'PreToolUse:Bash hook error: [echo no >&2; exit 2]: no\n', is_error: true });
  });
});
