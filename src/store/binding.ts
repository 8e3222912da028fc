import type { EmuLogger } from '../log.js';
import { isSafeId, unsafeIdMessage } from './paths.js';
import { appendRecord, latestSession, readSession, sessionExists, type SessionProgress, type StoredSession } from './sessions.js';

/** The session flags of the real CLIs (seed 002 §4). */
export interface SessionFlags {
  /** `--resume <id>` (string) or a bare `--resume` (true). */
  resume: string | true | undefined;
  continue: boolean;
  sessionId: string | undefined;
  fork: boolean;
  persist: boolean;
}

/** Which session a run serves, where its script stands, and how finished turns are recorded. */
export interface SessionBinding {
  sessionId: string;
  resume: SessionProgress | undefined;
  persist: (state: SessionProgress) => void;
}

/**
 * Resolves --session-id / --resume / --continue / --fork-session against the store under the emulator
 * home, with the real CLIs' refusals (unknown id, nothing to continue, id already in use). The store's
 * header is written with the first finished turn, so a run that only answers `initialize` leaves none.
 * Every id that becomes a file name passes the one id rule (store/paths.ts) before it is used.
 */
export function bindSession(o: {
  home: string;
  cwd: string;
  flags: SessionFlags;
  profile: string;
  scenario: string;
  newId: () => string;
  now: () => number;
  log: EmuLogger;
}): SessionBinding | { error: string } {
  if (o.flags.sessionId !== undefined && !isSafeId(o.flags.sessionId)) return { error: unsafeIdMessage('--session-id', o.flags.sessionId) };
  let resumed: StoredSession | undefined;
  if (typeof o.flags.resume === 'string') {
    resumed = readSession(o.home, o.flags.resume);
    if (!resumed) return { error: `No conversation found with session ID: ${o.flags.resume}` };
  } else if (o.flags.resume === true || o.flags.continue) {
    resumed = latestSession(o.home, o.cwd);
    if (!resumed) return { error: 'No conversation found to continue' };
  }
  if (o.flags.sessionId !== undefined && !resumed && sessionExists(o.home, o.flags.sessionId)) {
    return { error: `Error: Session ID ${o.flags.sessionId} is already in use.` };
  }
  const fork = o.flags.fork && resumed !== undefined;
  const sessionId = resumed && !fork ? resumed.header.session_id : o.flags.sessionId ?? o.newId();
  let headerWritten = resumed !== undefined && !fork;
  const persist = (state: SessionProgress) => {
    if (!o.flags.persist) return;
    try {
      if (!headerWritten) {
        appendRecord(o.home, sessionId, {
          type: 'session',
          v: 1,
          session_id: sessionId,
          cwd: o.cwd,
          profile: o.profile,
          scenario: o.scenario,
          created: o.now(),
          ...(fork && resumed ? { forked_from: resumed.header.session_id } : {}),
        });
        headerWritten = true;
      }
      appendRecord(o.home, sessionId, { type: 'turn', cursor: state.cursor, turns: state.turns, messages: state.messages, at: o.now() });
    } catch (e) {
      o.log.error({ err: e }, 'cannot write the session store');
    }
  };
  return { sessionId, resume: resumed ? { cursor: resumed.cursor, turns: resumed.turns, messages: resumed.messages } : undefined, persist };
}
