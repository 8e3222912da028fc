// The capture cases of `npm run capture` (issue #5): argv and scripted stdin steps per case. A step is
// `{send: object|string}` (a string is written raw), `{sleep: seconds}`, `{wait_for: text, timeout?}`
// (until stdout contains text) or `{close: true}` (stdin EOF). `{task_id}` in a send is replaced by the
// task_id of the last task_started seen. The same steps drive every CLI; the prompt keywords pick the
// fake model's reply (model-script.mjs).

// The step builders, shared with surface-cases.mjs.
export const STREAM = ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'];
export const ctl = (id, request) => ({ send: { type: 'control_request', request_id: id, request } });
export const init = (extra = {}, id = 'req_1') => ctl(id, { subtype: 'initialize', ...extra });
export const user = (content) => ({ send: { type: 'user', message: { role: 'user', content }, parent_tool_use_id: null, session_id: '' } });
export const sleep = (s) => ({ sleep: s });
export const waitFor = (text, timeout = 20) => ({ wait_for: text, timeout });
export const close = { close: true };
const RESULT = '"type":"result"';
const NOTIFIED = '"subtype":"task_notification"';

/** @typedef {{name: string, args: string[], steps: object[], bypass?: boolean, about: string}} Case */

/** @type {Case[]} */
export const CASES = [
  { name: 'init_only', about: 'initialize, then EOF', args: STREAM, steps: [init(), sleep(4), close] },
  { name: 'init_repeat', about: 'initialize twice', args: STREAM, steps: [init(), sleep(4), init({}, 'req_2'), sleep(2), close] },
  { name: 'init_fields', about: 'initialize with hooks and prompt fields', args: STREAM, steps: [init({ hooks: {}, systemPrompt: 'You are terse.', appendSystemPrompt: 'Be brief.' }), sleep(4), close] },
  { name: 'turn_text', about: 'one text turn', args: STREAM, steps: [init(), sleep(3), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'int_idle', about: 'interrupt with no turn running', args: STREAM, steps: [init(), sleep(3), ctl('req_int', { subtype: 'interrupt' }), sleep(2), close] },
  { name: 'int_mid', about: 'interrupt while the model is still streaming', args: STREAM, steps: [init(), sleep(3), user('HANG please'), sleep(3), ctl('req_int', { subtype: 'interrupt' }), waitFor(RESULT, 10), sleep(1), close] },
  { name: 'unknown_subtype', about: 'a control request subtype nobody knows', args: STREAM, steps: [init(), sleep(3), ctl('req_2', { subtype: 'bogus_subtype' }), sleep(2), close] },
  { name: 'malformed', about: 'a stdin line that is not JSON, then a turn', args: STREAM, steps: [init(), sleep(3), { send: 'not json' }, sleep(1), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'eof_mid', about: 'stdin EOF while a turn runs', args: STREAM, steps: [init(), sleep(3), user('SLOWTEXT please'), sleep(1), close] },
  { name: 'eof_idle', about: 'stdin EOF with no input at all', args: STREAM, steps: [close] },
  { name: 'bg_bash', about: 'background Bash that ends after the result', args: STREAM, bypass: true, steps: [init(), sleep(3), user('BGBASH please'), waitFor(NOTIFIED, 25), waitFor('FINAL', 15), sleep(2), close] },
  { name: 'bg_agent', about: 'background Agent', args: STREAM, bypass: true, steps: [init(), sleep(3), user('BGAGENT please'), waitFor(NOTIFIED, 25), waitFor('FINAL', 15), sleep(2), close] },
  { name: 'wf_complete', about: 'workflow that completes', args: STREAM, bypass: true, steps: [init(), sleep(3), user('WORKFLOW please run a workflow'), waitFor(NOTIFIED, 30), waitFor('FINAL', 15), sleep(2), close] },
  { name: 'wf_failed', about: 'workflow whose script throws', args: STREAM, bypass: true, steps: [init(), sleep(3), user('WFFAIL please'), waitFor(NOTIFIED, 30), waitFor('FINAL', 15), sleep(2), close] },
  { name: 'wf_stopped', about: 'slow workflow stopped by stop_task', args: STREAM, bypass: true, steps: [init(), sleep(3), user('WFSLOW please'), waitFor(RESULT, 20), sleep(2), ctl('req_stop', { subtype: 'stop_task', task_id: '{task_id}' }), sleep(4), close] },
  { name: 'p_json', about: '-p with --output-format json', args: ['-p', 'hi', '--output-format', 'json'], steps: [close] },
  { name: 'p_text', about: '-p with text output', args: ['-p', 'hi'], steps: [close] },
];
