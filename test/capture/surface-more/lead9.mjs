// Surface cases (tuning, issue #16, the lead's round 9): how each CLI matches a hook's `matcher` against the tool
// name. cbc 2.117.0's hook manager searches the matcher as a regular expression (a pattern that is no regular
// expression, like "*", only matches its own text); which rule does Claude Code use for "*" and a partial name?
import { close, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { ALL, CLAUDE, ready, RESULT } from '../surface-kit.mjs';

/** The SDKs' hook matcher shape in initialize. */
const hook = (id, matcher) => [{ matcher, hookCallbackIds: [id] }];
/** A PreToolUse hook with `matcher`, a bypassed FGBASH turn; the hook is answered if it comes (5 s). */
const matcherCase = (name, matcher) => ({ name, about: `PreToolUse hook with matcher ${JSON.stringify(matcher)}, a bypassed Bash call`, clis: ALL, args: STREAM, bypass: true, steps: [...ready({ hooks: { PreToolUse: hook('hook_0', matcher) } }), user('FGBASH please'), { answer: 'hook_callback', response: { continue: true }, timeout: 5 }, waitFor(RESULT, 20), sleep(1), close] });

/** --settings with SessionStart command hooks of `matcher` (Claude matches a SessionStart matcher against the source). */
const sessionStartSettings = (matcher) => ['--settings', JSON.stringify({ hooks: { SessionStart: [{ matcher, hooks: [{ type: 'command', command: 'echo starting' }] }] } })];
/** A stream-json session with one SessionStart settings hook of `matcher`, under --include-hook-events. */
const startCase = (name, matcher) => ({ name, about: `a SessionStart command hook with matcher ${JSON.stringify(matcher)} in --settings, a fresh session`, clis: CLAUDE, args: [...STREAM, '--include-hook-events', ...sessionStartSettings(matcher)], steps: [...ready(), user('hi'), waitFor(RESULT, 30), sleep(1), close] });

/** A signal after the turn's result while a background Agent (the fake model's 6 s sub-agent) still runs. */
const agentSignal = (name, signal) => ({ name, about: `${signal} after the turn result while a background Agent still runs`, clis: CLAUDE, args: STREAM, bypass: true, steps: [...ready(), user('BGSLOWAGENT please'), waitFor(RESULT, 30), sleep(1), { signal }, sleep(3)] });

export const CASES = [
  matcherCase('req_hook_callback_matcher_star_l9', '*'),
  matcherCase('req_hook_callback_matcher_prefix_l9', 'Bas'),
  matcherCase('req_hook_callback_matcher_anchor_l9', '^Bash$'),
  startCase('opt_settings_hook_session_start_resume_matcher_l9', 'resume'),
  startCase('opt_settings_hook_session_start_startup_matcher_l9', 'startup'),
  agentSignal('sig_term_bg_slow_agent_running_l9', 'SIGTERM'),
  agentSignal('sig_hup_bg_slow_agent_running_l9', 'SIGHUP'),
];
