// Surface cases: claude-stream (see index.mjs). Tuning variants (issue #16) of stdin shapes and stream-json
// session flows as the Claude Agent SDK sends them (sdk.d.ts SDKUserMessage: uuid, priority, isSynthetic; the
// streaming-input query with --include-partial-messages and --replay-user-messages; several turns). Claude only:
// these are the Agent SDK's shapes (cbc 2.117.0's stdin rows have their own cases in cbc.mjs / cbc-2.mjs).
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { CLAUDE, ready, RESULT } from '../surface-kit.mjs';

/** A user line as the SDK's streaming input writes it, with extra SDKUserMessage fields. */
const sdkUser = (content, fields = {}) => ({ send: { type: 'user', message: { role: 'user', content }, parent_tool_use_id: null, session_id: '', ...fields } });
const U1 = '0a1b2c3d-0000-4000-8000-0000000000f1';
const U2 = '0a1b2c3d-0000-4000-8000-0000000000f2';
const U3 = '0a1b2c3d-0000-4000-8000-0000000000f3';
const HI_RESULT = '"result":"Hello from fake API."';
const SLOW_RESULT = '"result":"slow reply"';
const PARTIAL = [...STREAM, '--include-partial-messages'];
const REPLAY = [...STREAM, '--replay-user-messages'];

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [
  { name: 'in_user_uuid_two_turns', about: 'two turns, each user line with its own uuid', clis: CLAUDE, args: STREAM, steps: [...ready(), sdkUser('SLOWTEXT please', { uuid: U1 }), waitFor(SLOW_RESULT, 30), sleep(1), sdkUser('hi', { uuid: U2 }), waitFor(HI_RESULT), sleep(1), close] },
  { name: 'in_user_uuid_mid_turn', about: 'a uuid user line sent while a slow uuid-less turn runs', clis: CLAUDE, args: STREAM, steps: [...ready(), user('SLOWTEXT please'), waitFor('"subtype":"init"'), sleep(1), sdkUser('hi', { uuid: U1 }), waitFor(HI_RESULT, 30), sleep(1), close] },
  { name: 'in_user_uuid_queued_two', about: 'two uuid user lines sent together while a slow turn runs', clis: CLAUDE, args: STREAM, steps: [...ready(), sdkUser('SLOWTEXT please', { uuid: U1 }), waitFor('"subtype":"init"'), sleep(1), sdkUser('hi', { uuid: U2 }), sdkUser('hi again', { uuid: U3 }), waitFor(HI_RESULT, 30), sleep(3), close] },
  { name: 'in_user_queued_two_plain', about: 'two user lines without uuids sent together while a slow turn runs', clis: CLAUDE, args: STREAM, steps: [...ready(), user('SLOWTEXT please'), waitFor('"subtype":"init"'), sleep(1), user('hi'), user('hi again'), waitFor(HI_RESULT, 30), sleep(3), close] },
  { name: 'in_user_uuid_burst', about: 'two uuid user lines sent together before any turn', clis: CLAUDE, args: STREAM, steps: [...ready(), sdkUser('hi', { uuid: U1 }), sdkUser('hi there', { uuid: U2 }), waitFor(RESULT, 30), sleep(3), close] },
  { name: 'in_user_uuid_tool', about: 'a uuid user line whose turn calls a tool (bypass)', clis: CLAUDE, args: STREAM, bypass: true, steps: [...ready(), sdkUser('FGBASH please', { uuid: U1 }), waitFor(RESULT, 30), sleep(1), close] },
  { name: 'in_user_uuid_api_error', about: 'a uuid user line whose turn ends in an API error', clis: CLAUDE, args: STREAM, steps: [...ready(), sdkUser('APIERR please', { uuid: U1 }), waitFor(RESULT, 60), sleep(1), close] },
  { name: 'in_user_uuid_interrupt', about: 'a uuid user line, interrupted while its slow reply is pending', clis: CLAUDE, args: STREAM, steps: [...ready(), sdkUser('SLOWTEXT please', { uuid: U1 }), waitFor('"subtype":"init"'), sleep(1), ctl('req_int', { subtype: 'interrupt' }), waitFor(RESULT, 15), sleep(2), close] },
  { name: 'in_user_uuid_blocks', about: 'a uuid user line with a text block list, priority next and a timestamp', clis: CLAUDE, args: STREAM, steps: [...ready(), sdkUser([{ type: 'text', text: 'hi' }], { uuid: U1, priority: 'next', timestamp: '2026-01-01T00:00:00.000Z' }), waitFor(RESULT), sleep(1), close] },
  { name: 'in_user_synthetic', about: 'a user line marked isSynthetic (no uuid)', clis: CLAUDE, args: STREAM, steps: [...ready(), sdkUser('hi', { isSynthetic: true }), waitFor(RESULT), sleep(1), close] },
  { name: 'ses_replay_uuid', about: '--replay-user-messages with a uuid user line', clis: CLAUDE, args: REPLAY, steps: [...ready(), sdkUser('hi', { uuid: U1 }), waitFor(RESULT), sleep(1), close] },
  { name: 'ses_partial_uuid', about: '--include-partial-messages with a uuid user line', clis: CLAUDE, args: PARTIAL, steps: [...ready(), sdkUser('hi', { uuid: U1 }), waitFor(RESULT), sleep(1), close] },
  { name: 'ses_partial_two_turns', about: '--include-partial-messages over a text turn then a tool turn (bypass)', clis: CLAUDE, args: PARTIAL, bypass: true, steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), user('FGBASH please'), waitFor('"result":"FINAL', 30), sleep(1), close] },
  { name: 'ses_partial_replay', about: '--include-partial-messages and --replay-user-messages together', clis: CLAUDE, args: [...PARTIAL, '--replay-user-messages'], steps: [...ready(), user('hi'), waitFor(RESULT), sleep(1), close] },
];
