// Surface cases: claude-session (see index.mjs). Tuning variants (issue #16) of the Claude control, session and
// option rows helper FF fixed: set_model at other moments and with other models, initialize with other `agents`.
// Claude only: cbc 2.117.0's set_model and initialize rows have their own cases in cbc.mjs.
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { around, CLAUDE, ready, RESULT } from '../surface-kit.mjs';

const HI_RESULT = '"result":"Hello from fake API."';
/** A slow text turn whose init was written: the turn is running. */
const slowTurnRunning = [user('SLOWTEXT please'), waitFor('"subtype":"init"'), sleep(1)];
const setModel = (id, model) => ctl(id, { subtype: 'set_model', model });

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [
  { name: 'ctl_set_model_idle_sonnet_then_turn', about: 'set_model sonnet before the first turn, then a turn', clis: CLAUDE, args: STREAM, steps: around(setModel('req_2', 'sonnet')) },
  { name: 'ctl_set_model_idle_twice_then_turn', about: 'set_model haiku then sonnet before the first turn, then a turn', clis: CLAUDE, args: STREAM, steps: around(setModel('req_2', 'haiku'), sleep(1), setModel('req_3', 'sonnet')) },
  { name: 'ctl_set_model_mid_turn_twice', about: 'set_model haiku then sonnet while a slow turn runs, then a second turn', clis: CLAUDE, args: STREAM, steps: [...ready(), ...slowTurnRunning, setModel('req_2', 'haiku'), setModel('req_3', 'sonnet'), waitFor(RESULT, 30), sleep(1), user('hi'), waitFor(HI_RESULT), sleep(1), close] },
  { name: 'ctl_initialize_agents_two', about: 'initialize with two agents (one naming a model), then a turn', clis: CLAUDE, args: STREAM, steps: [...ready({ agents: { zeta: { description: 'Z agent', prompt: 'p', model: 'haiku' }, alpha: { description: 'A agent', prompt: 'p' } } }), user('hi'), waitFor(RESULT), sleep(1), close] },
  { name: 'ctl_initialize_agents_empty', about: 'initialize with an empty agents object, then a turn', clis: CLAUDE, args: STREAM, steps: [...ready({ agents: {} }), user('hi'), waitFor(RESULT), sleep(1), close] },
];
