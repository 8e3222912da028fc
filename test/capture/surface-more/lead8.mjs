// Surface cases (tuning, issue #16, the lead's round 8): a background Agent that outlives its turn's closing reply
// (the fake model holds the sub-agent's reply SLOW_MS): when does the turn's result come, and what do the
// result's subagent_stats count at that point?
import { close, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { ALL, ready } from '../surface-kit.mjs';

const NOTIFIED = '"subtype":"task_notification"';

export const CASES = [
  { name: 'ses_bg_slow_agent_l8', about: 'a background Agent whose sub-agent answers after 6 s: the turn\'s result and the notification', clis: ALL, args: STREAM, bypass: true, steps: [...ready(), user('BGSLOWAGENT please'), waitFor(NOTIFIED, 40), waitFor('"num_turns"', 30), sleep(3), close] },
  { name: 'ses_bg_slow_agent_then_hi_l8', about: 'a user line while a slow background Agent runs (after the turn\'s closing reply)', clis: ALL, args: STREAM, bypass: true, steps: [...ready(), user('BGSLOWAGENT please'), waitFor('FINAL', 30), sleep(1), user('hi'), waitFor(NOTIFIED, 40), sleep(4), close] },
];
