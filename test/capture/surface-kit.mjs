// The step kit the surface cases are written with (surface-cases.mjs and the files under surface-more/).
import { close, init, sleep, user, waitFor } from './cases.mjs';

export const CBC = 'cbc-2.117.0';
export const C220 = 'claude-2.1.220';
export const C328 = 'claude-2.1.328';
export const ALL = [CBC, C220, C328];
export const CLAUDE = [C220, C328];

export const P_STREAM = ['--output-format', 'stream-json', '--verbose'];
/**
 * initialize, then wait for its reply (cbc 2.117.0 fetches remote settings first: seconds, far more on a
 * loaded machine), then 1 s: a fixed sleep made slow starts look like lost frames.
 */
export const ready = (extra = {}) => [init(extra), waitFor('"request_id":"req_1"', 90), sleep(1)];
export const RESULT = '"type":"result"';
/** A session id the `ses_*` cases pin with --session-id and resume. */
export const SID = '5e551011-0000-4000-8000-000000000001';
/** A 1×1 transparent PNG. */
export const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** init, one `hi` turn, then `mid`, then a second `hi` turn that shows the session is still usable. */
export const around = (...mid) => [...ready(), ...mid, sleep(1), user('hi'), waitFor(RESULT), sleep(1), close];
/** init, one `hi` turn to its result, then `after`, 2 s, EOF. */
export const afterTurn = (...after) => [...ready(), user('hi'), waitFor(RESULT), sleep(1), ...after, sleep(2), close];

