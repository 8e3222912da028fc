// Surface cases (tuning, issue #16, helper FX of round 10): Claude Code's sessions, streaming and background work
// at the phases a consumer hits. Streaming partial messages around a background launch, a resumed or continued
// session after an interrupted turn or background work, a background Agent (the fake model's 6 s sub-agent) or a
// slow workflow meeting a new prompt, an interrupt, stop_task, stdin EOF or a signal, and --max-turns /
// --max-budget-usd with background work. Every wait is for a frame, except the margins around the 6 s agent.
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { CLAUDE, P_STREAM, ready, RESULT, SID } from '../surface-kit.mjs';

const PARTIAL = '--include-partial-messages';
const REPLAY = '--replay-user-messages';
const NOTIFIED = '"subtype":"task_notification"';
const HI_RESULT = '"result":"Hello from fake API."';
/** The follow-up turn a notification starts ends with this reply. */
const FINAL = 'FINAL: acknowledged';

/** A background Agent whose sub-agent answers after 6 s: its turn to the result, then 1 s (the agent still runs). */
const slowAgentRunning = [...ready(), user('BGSLOWAGENT please'), waitFor(RESULT, 30), sleep(1)];
/** The agent's notification, the follow-up turn it starts, EOF. */
const slowAgentToEnd = [waitFor(NOTIFIED, 40), waitFor(FINAL, 20), sleep(3), close];
/** The slow one-agent workflow (its agent holds 6 s): the turn to its result, then 1 s. */
const slowWorkflowRunning = [...ready(), user('WFSLOW please'), waitFor(RESULT, 30), sleep(1)];

/** A stored session: one stream-json turn under --session-id SID (`steps` between ready and EOF). */
const preStream = (...steps) => ({ args: [...STREAM, '--session-id', SID], steps: [...ready(), ...steps, sleep(1), close] });
/** A stored session whose only turn was interrupted while the model held its reply. */
const PRE_INTERRUPTED = preStream(user('SLOWTEXT please'), waitFor('"subtype":"init"'), sleep(1), ctl('req_int', { subtype: 'interrupt' }), waitFor(RESULT, 15));
/** A stored session whose turn launched a background Bash task, kept to its notification and follow-up. */
const PRE_BG_BASH = { ...preStream(user('BGBASH please'), waitFor(NOTIFIED, 30), waitFor(FINAL, 20)), bypass: true };

/** Family 1: --include-partial-messages around background launches. */
const PARTIAL_CASES = [
  { name: 'ses_partial_workflow_slow_fx', about: '--include-partial-messages with the slow one-agent workflow, to its notification', clis: CLAUDE, args: [...STREAM, PARTIAL], bypass: true, steps: [...slowWorkflowRunning, ...slowAgentToEnd] },
  { name: 'ses_partial_replay_bg_slow_agent_fx', about: '--include-partial-messages and --replay-user-messages with a slow background Agent, to its notification', clis: CLAUDE, args: [...STREAM, PARTIAL, REPLAY], bypass: true, steps: [...slowAgentRunning, ...slowAgentToEnd] },
  { name: 'ses_partial_p_bg_slow_agent_fx', about: '-p with --include-partial-messages and a slow background Agent', clis: CLAUDE, args: ['-p', 'BGSLOWAGENT please', ...P_STREAM, PARTIAL], bypass: true, steps: [close, sleep(14)] },
  { name: 'ses_partial_stop_task_bg_slow_agent_fx', about: '--include-partial-messages, stop_task of a slow background Agent after its turn', clis: CLAUDE, args: [...STREAM, PARTIAL], bypass: true, steps: [...slowAgentRunning, ctl('req_2', { subtype: 'stop_task', task_id: '{task_id}' }), waitFor(NOTIFIED, 15), sleep(3), close] },
  { name: 'ses_partial_fgbash_replay_fx', about: '--include-partial-messages and --replay-user-messages, a bypassed foreground Bash call', clis: CLAUDE, args: [...STREAM, PARTIAL, REPLAY], bypass: true, steps: [...ready(), user('FGBASH please'), waitFor(RESULT, 30), sleep(1), close] },
];

/** Family 2: sessions resumed or continued after an interrupted turn or background work, per output format. */
const SESSION_CASES = [
  { name: 'ses_resume_after_interrupt_p_json_fx', about: '-p --resume --output-format json of a session whose only turn was interrupted', clis: CLAUDE, args: ['-p', 'hi', '--resume', SID, '--output-format', 'json'], pre: PRE_INTERRUPTED, steps: [close] },
  { name: 'ses_continue_after_interrupt_p_text_fx', about: '-p --continue (text output) after a session whose only turn was interrupted', clis: CLAUDE, args: ['-p', 'hi', '--continue'], pre: PRE_INTERRUPTED, steps: [close] },
  { name: 'ses_resume_after_interrupt_stream_fx', about: '--resume in stream-json input mode of a session whose only turn was interrupted, then a turn', clis: CLAUDE, args: [...STREAM, '--resume', SID], pre: PRE_INTERRUPTED, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'ses_resume_after_bg_bash_stream_fx', about: '--resume in stream-json input mode of a session that ran a background Bash task to its follow-up, then a turn', clis: CLAUDE, args: [...STREAM, '--resume', SID], bypass: true, pre: PRE_BG_BASH, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'ses_fork_after_bg_bash_p_json_fx', about: '-p --resume --fork-session --output-format json of a session that ran a background Bash task', clis: CLAUDE, args: ['-p', 'hi', '--resume', SID, '--fork-session', '--output-format', 'json'], bypass: true, pre: PRE_BG_BASH, steps: [close] },
];

/** Family 3: a running background Agent or workflow meets a prompt, an interrupt, EOF, a signal. */
const BACKGROUND_CASES = [
  { name: 'in_user_bg_slow_agent_running_fx', about: 'a `hi` prompt while a slow background Agent runs (after its turn), then its notification', clis: CLAUDE, args: STREAM, bypass: true, steps: [...slowAgentRunning, user('hi'), waitFor(HI_RESULT, 20), ...slowAgentToEnd] },
  { name: 'in_user_slow_turn_bg_agent_ends_fx', about: 'a slow text turn sent 3 s after a slow background Agent\'s turn: the agent ends while that turn runs', clis: CLAUDE, args: STREAM, bypass: true, steps: [...slowAgentRunning, sleep(2), user('SLOWTEXT please'), waitFor('"result":"slow reply"', 30), waitFor(FINAL, 20), sleep(3), close] },
  { name: 'eof_bg_slow_agent_running_fx', about: 'stdin EOF right after the result of a turn whose slow background Agent still runs', clis: CLAUDE, args: STREAM, bypass: true, steps: [...ready(), user('BGSLOWAGENT please'), waitFor(RESULT, 30), close, sleep(14)] },
  { name: 'ctl_interrupt_then_user_bg_slow_agent_fx', about: 'interrupt while only a slow background Agent runs, then a `hi` turn, then the notification if any', clis: CLAUDE, args: STREAM, bypass: true, steps: [...slowAgentRunning, ctl('req_int', { subtype: 'interrupt' }), sleep(1), user('hi'), waitFor(HI_RESULT, 20), sleep(8), close] },
  { name: 'ctl_stop_task_workflow_mid_turn_fx', about: 'stop_task of the slow workflow while a slow text turn runs after it', clis: CLAUDE, args: STREAM, bypass: true, steps: [...slowWorkflowRunning, user('SLOWTEXT please'), sleep(2), ctl('req_2', { subtype: 'stop_task', task_id: '{task_id}' }), waitFor('"result":"slow reply"', 30), sleep(4), close] },
  { name: 'sig_term_after_bg_agent_follow_up_fx', about: 'SIGTERM after a slow background Agent\'s notification and the follow-up turn', clis: CLAUDE, args: STREAM, bypass: true, steps: [...slowAgentRunning, waitFor(NOTIFIED, 40), waitFor(FINAL, 20), sleep(2), { signal: 'SIGTERM' }, sleep(3)] },
  { name: 'ctl_get_settings_bg_slow_agent_fx', about: 'get_settings while a slow background Agent runs (after its turn)', clis: CLAUDE, args: STREAM, bypass: true, steps: [...slowAgentRunning, ctl('req_2', { subtype: 'get_settings' }), ...slowAgentToEnd] },
];

/** Family 4: turn and spend limits with background work. */
const LIMIT_CASES = [
  { name: 'opt_max_turns_one_bg_slow_agent_fx', about: '--max-turns 1 in stream-json input mode with a slow background Agent, to its notification', clis: CLAUDE, args: [...STREAM, '--max-turns', '1'], bypass: true, steps: [...slowAgentRunning, waitFor(NOTIFIED, 40), sleep(6), close] },
  { name: 'opt_max_turns_one_workflow_slow_fx', about: '--max-turns 1 in stream-json input mode with the slow workflow, to its notification', clis: CLAUDE, args: [...STREAM, '--max-turns', '1'], bypass: true, steps: [...slowWorkflowRunning, waitFor(NOTIFIED, 40), sleep(6), close] },
  { name: 'opt_max_budget_usd_tiny_bg_slow_agent_fx', about: '--max-budget-usd 0.0001 in stream-json input mode with a slow background Agent, to its notification', clis: CLAUDE, args: [...STREAM, '--max-budget-usd', '0.0001'], bypass: true, steps: [...slowAgentRunning, waitFor(NOTIFIED, 40), sleep(6), close] },
  { name: 'env_session_state_workflow_slow_fx', about: 'CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS=1 with the slow workflow, to its notification', clis: CLAUDE, args: STREAM, bypass: true, env: { CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: '1' }, steps: [...slowWorkflowRunning, ...slowAgentToEnd] },
  { name: 'env_session_state_in_user_bg_slow_agent_fx', about: 'CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS=1, a `hi` prompt while a slow background Agent runs, then its notification', clis: CLAUDE, args: STREAM, bypass: true, env: { CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: '1' }, steps: [...slowAgentRunning, user('hi'), waitFor(HI_RESULT, 20), ...slowAgentToEnd] },
];

/** A stored session whose turn launched the slow background Agent, kept to its notification and follow-up. */
const PRE_BG_AGENT = { ...preStream(user('BGSLOWAGENT please'), waitFor(NOTIFIED, 40), waitFor(FINAL, 20)), bypass: true };
const STATE = { CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: '1' };

/** Round two: the same families at more phases (a foreground agent, stdin EOF mid-turn, -p output formats, state switches). */
const MORE_CASES = [
  { name: 'ses_partial_fg_slow_agent_fx', about: '--include-partial-messages with background tasks disabled: the slow Agent runs in the foreground', clis: CLAUDE, args: [...STREAM, PARTIAL], bypass: true, env: { CLAUDE_CODE_DISABLE_BACKGROUND_TASKS: '1' }, steps: [...ready(), user('BGSLOWAGENT please'), waitFor(RESULT, 40), sleep(2), close] },
  { name: 'ses_partial_interrupt_bg_slow_agent_fx', about: '--include-partial-messages, interrupt while only a slow background Agent runs (after its turn)', clis: CLAUDE, args: [...STREAM, PARTIAL], bypass: true, steps: [...slowAgentRunning, ctl('req_int', { subtype: 'interrupt' }), sleep(8), close] },
  { name: 'ses_partial_max_turns_one_bg_slow_agent_fx', about: '--include-partial-messages and --max-turns 1 with a slow background Agent, to its notification', clis: CLAUDE, args: [...STREAM, PARTIAL, '--max-turns', '1'], bypass: true, steps: [...slowAgentRunning, waitFor(NOTIFIED, 40), sleep(6), close] },
  { name: 'eof_mid_turn_bg_slow_agent_fx', about: 'stdin EOF right after the prompt that launches a slow background Agent (before the turn\'s result)', clis: CLAUDE, args: STREAM, bypass: true, steps: [...ready(), user('BGSLOWAGENT please'), close, sleep(16)] },
  { name: 'ses_p_json_bg_slow_agent_fx', about: '-p --output-format json with a slow background Agent', clis: CLAUDE, args: ['-p', 'BGSLOWAGENT please', '--output-format', 'json'], bypass: true, steps: [close, sleep(14)] },
  { name: 'ses_p_text_bg_slow_agent_fx', about: '-p (text output) with a slow background Agent', clis: CLAUDE, args: ['-p', 'BGSLOWAGENT please'], bypass: true, steps: [close, sleep(14)] },
  { name: 'ses_p_workflow_slow_fx', about: '-p with stream-json output and the slow workflow', clis: CLAUDE, args: ['-p', 'WFSLOW please', ...P_STREAM], bypass: true, steps: [close, sleep(16)] },
  { name: 'ses_resume_after_bg_agent_stream_fx', about: '--resume in stream-json input mode of a session whose slow background Agent ran to its follow-up, then a turn', clis: CLAUDE, args: [...STREAM, '--resume', SID], bypass: true, pre: PRE_BG_AGENT, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'ses_continue_after_bg_agent_p_json_fx', about: '-p --continue --output-format json after a session whose slow background Agent ran to its follow-up', clis: CLAUDE, args: ['-p', 'hi', '--continue', '--output-format', 'json'], bypass: true, pre: PRE_BG_AGENT, steps: [close] },
  { name: 'ses_resume_fork_after_interrupt_stream_fx', about: '-p --resume --fork-session with stream-json output, of a session whose only turn was interrupted', clis: CLAUDE, args: ['-p', 'hi', '--resume', SID, '--fork-session', ...P_STREAM], pre: PRE_INTERRUPTED, steps: [close] },
  { name: 'in_user_replay_bg_slow_agent_fx', about: '--replay-user-messages, a `hi` prompt while a slow background Agent runs, then its notification', clis: CLAUDE, args: [...STREAM, REPLAY], bypass: true, steps: [...slowAgentRunning, user('hi'), waitFor(HI_RESULT, 20), ...slowAgentToEnd] },
  { name: 'in_user_workflow_slow_running_fx', about: 'a `hi` prompt while the slow workflow runs (after its turn), then its notification', clis: CLAUDE, args: STREAM, bypass: true, steps: [...slowWorkflowRunning, user('hi'), waitFor(HI_RESULT, 20), ...slowAgentToEnd] },
  { name: 'ctl_mcp_status_bg_slow_agent_fx', about: 'mcp_status while a slow background Agent runs (after its turn)', clis: CLAUDE, args: STREAM, bypass: true, steps: [...slowAgentRunning, ctl('req_2', { subtype: 'mcp_status' }), ...slowAgentToEnd] },
  { name: 'opt_max_turns_one_p_bg_slow_agent_fx', about: '-p --max-turns 1 with stream-json output and a slow background Agent', clis: CLAUDE, args: ['-p', 'BGSLOWAGENT please', ...P_STREAM, '--max-turns', '1'], bypass: true, steps: [close, sleep(14)] },
  { name: 'opt_fallback_model_bg_slow_agent_fx', about: '--fallback-model sonnet in stream-json input mode with a slow background Agent, to its notification', clis: CLAUDE, args: [...STREAM, '--fallback-model', 'sonnet'], bypass: true, steps: [...slowAgentRunning, ...slowAgentToEnd] },
  { name: 'env_session_state_stop_task_bg_slow_agent_fx', about: 'CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS=1, stop_task of a slow background Agent after its turn', clis: CLAUDE, args: STREAM, bypass: true, env: STATE, steps: [...slowAgentRunning, ctl('req_2', { subtype: 'stop_task', task_id: '{task_id}' }), waitFor(NOTIFIED, 15), sleep(4), close] },
  { name: 'env_session_state_interrupt_bg_slow_agent_fx', about: 'CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS=1, interrupt while only a slow background Agent runs (after its turn)', clis: CLAUDE, args: STREAM, bypass: true, env: STATE, steps: [...slowAgentRunning, ctl('req_int', { subtype: 'interrupt' }), sleep(8), close] },
  { name: 'env_bg_tasks_report_running_off_fx', about: 'CLAUDE_CODE_BG_TASKS_REPORT_RUNNING=0 with session state events and a slow background Agent, to its notification', clis: CLAUDE, args: STREAM, bypass: true, env: { ...STATE, CLAUDE_CODE_BG_TASKS_REPORT_RUNNING: '0' }, steps: [...slowAgentRunning, ...slowAgentToEnd] },
];

/** Round three: control requests, priorities and session flags beside a running agent or workflow. */
const THIRD_CASES = [
  { name: 'ctl_stop_task_bg_slow_agent_mid_turn_fx', about: 'stop_task of a slow background Agent while a slow text turn runs after its turn', clis: CLAUDE, args: STREAM, bypass: true, steps: [...slowAgentRunning, user('SLOWTEXT please'), sleep(2), ctl('req_2', { subtype: 'stop_task', task_id: '{task_id}' }), waitFor('"result":"slow reply"', 30), sleep(4), close] },
  { name: 'ctl_set_model_bg_slow_agent_then_hi_fx', about: 'set_model sonnet while a slow background Agent runs (after its turn), then a `hi` turn and the notification', clis: CLAUDE, args: STREAM, bypass: true, steps: [...slowAgentRunning, ctl('req_2', { subtype: 'set_model', model: 'sonnet' }), sleep(1), user('hi'), waitFor(HI_RESULT, 20), ...slowAgentToEnd] },
  { name: 'in_user_priority_now_bg_slow_agent_fx', about: 'a `hi` line with priority "now" while only a slow background Agent runs, then its notification', clis: CLAUDE, args: STREAM, bypass: true, steps: [...slowAgentRunning, { send: { type: 'user', message: { role: 'user', content: 'hi' }, parent_tool_use_id: null, session_id: '', priority: 'now' } }, waitFor(HI_RESULT, 20), ...slowAgentToEnd] },
  { name: 'ses_session_id_p_bg_slow_agent_fx', about: '-p --session-id with stream-json output and a slow background Agent', clis: CLAUDE, args: ['-p', 'BGSLOWAGENT please', '--session-id', SID, ...P_STREAM], bypass: true, steps: [close, sleep(14)] },
  { name: 'ses_continue_partial_after_bg_agent_fx', about: '-p --continue with --include-partial-messages after a session whose slow background Agent ran to its follow-up', clis: CLAUDE, args: ['-p', 'hi', '--continue', ...P_STREAM, PARTIAL], bypass: true, pre: PRE_BG_AGENT, steps: [close] },
  { name: 'opt_max_budget_usd_large_bg_slow_agent_fx', about: '--max-budget-usd 5 in stream-json input mode with a slow background Agent, to its notification', clis: CLAUDE, args: [...STREAM, '--max-budget-usd', '5'], bypass: true, steps: [...slowAgentRunning, ...slowAgentToEnd] },
  { name: 'env_session_state_p_bg_slow_agent_fx', about: 'CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS=1, -p with stream-json output and a slow background Agent', clis: CLAUDE, args: ['-p', 'BGSLOWAGENT please', ...P_STREAM], bypass: true, env: STATE, steps: [close, sleep(14)] },
];

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [...PARTIAL_CASES, ...SESSION_CASES, ...BACKGROUND_CASES, ...LIMIT_CASES, ...MORE_CASES, ...THIRD_CASES];
