import type { EmuLogger } from '../log.js';
import { isUuid } from '../protocol/vocabulary.js';
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
  /** `--resume-session-at <message id>` (Claude Code's hidden flag; the SDK's resumeSessionAt). */
  resumeAt?: string | undefined;
}

/** Which session a run serves, where its script stands, and how finished turns are recorded. */
export interface SessionBinding {
  sessionId: string;
  resume: SessionProgress | undefined;
  persist: (state: SessionProgress) => void;
  /** The CLI's refusal of an unknown --resume id: the run reports it under `sessionId` (an error frame) and serves no turn. */
  error?: string | undefined;
  /** The refusal comes when the first prompt asks for the session, not at start (cbc 2.117.0's fork without a source). */
  errorAtPrompt?: boolean;
}

/** What the CLI does where the store cannot serve the flags (the profile's words). */
export interface BindingPolicy {
  /** The refusal text for `--resume <value>` that names no stored session. */
  resumeNotFound(value: string): string;
  /** `--session-id` of a stored session: Claude Code refuses it, cbc 2.117.0 carries the session on (measured). */
  sessionIdInUse: 'refuse' | 'resume';
  /** The refusal text for `--resume-session-at <id>` naming no message of the resumed session (unset: the flag is not read). */
  resumeAtNotFound?: (id: string) => string;
  /**
   * cbc 2.117.0's lookup (read from its SessionMiddleware): --session-id names the session to serve before --resume and
   * --continue do, and --fork-session forks the --resume session, else the --session-id one, else with --continue the
   * latest, refusing with this text when there is none; the fork takes the --session-id only beside a --resume id.
   */
  forkNoSource?: string;
}

type Lookup = { resumed: StoredSession | undefined; fork: boolean; newId?: string | undefined } | { error: string; id?: string | undefined; atPrompt?: boolean };

/** cbc 2.117.0's choice of the session to serve (BindingPolicy.forkNoSource). */
function cbcLookup(home: string, cwd: string, f: SessionFlags, noSource: string, resumeNotFound: (v: string) => string): Lookup {
  const resume = typeof f.resume === 'string' ? f.resume : undefined;
  if (f.fork) {
    let source: StoredSession | undefined;
    if (resume !== undefined) source = readSession(home, resume);
    else if (f.sessionId !== undefined) source = readSession(home, f.sessionId);
    else if (f.continue || f.resume === true) source = latestSession(home, cwd);
    if (resume !== undefined && !source) return { error: resumeNotFound(resume), id: resume };
    if (!source) return { error: noSource, atPrompt: true }; // measured: ses_fork_no_resume_stream_ft (after initialize's reply)
    return { resumed: source, fork: true, newId: resume !== undefined ? f.sessionId : undefined };
  }
  const id = f.sessionId ?? resume;
  if (id === undefined) return { resumed: f.continue || f.resume === true ? latestSession(home, cwd) : undefined, fork: false };
  const found = readSession(home, id);
  if (!found && resume !== undefined) return { error: resumeNotFound(resume), id: resume };
  return { resumed: found, fork: false };
}


/**
 * Resolves --session-id / --resume / --continue / --fork-session against the store under the emulator
 * home, with the real CLIs' refusals (unknown id, id already in use); `--continue` with nothing to
 * continue starts a new session, as both real CLIs do (captures ses_continue_none). The store's
 * header is written with the first finished turn, so a run that only answers `initialize` leaves none.
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
  policy: BindingPolicy;
  /** A refusal the flags alone decide (cbc 2.117.0's invalid --session-id under stream-json output): no session is bound. */
  refusal?: string | undefined;
}): SessionBinding | { fatal: string } {
  const refuse = (error: string, sessionId: string): SessionBinding => ({ sessionId, resume: undefined, persist: () => undefined, error });
  if (o.refusal !== undefined) return refuse(o.refusal, o.newId());
  if (o.flags.sessionId !== undefined && !isSafeId(o.flags.sessionId)) return { fatal: unsafeIdMessage('--session-id', o.flags.sessionId) };
  let resumed: StoredSession | undefined;
  let forkId: string | undefined;
  if (o.policy.forkNoSource !== undefined) {
    const l = cbcLookup(o.home, o.cwd, o.flags, o.policy.forkNoSource, (v) => o.policy.resumeNotFound(v));
    if ('error' in l) return { ...refuse(l.error, l.id ?? o.newId()), errorAtPrompt: l.atPrompt };
    resumed = l.resumed;
    forkId = l.newId;
  } else if (typeof o.flags.resume === 'string') {
    resumed = readSession(o.home, o.flags.resume);
    // the refusal result names the asked id when it is one (captures ses_resume_unknown / ses_resume_invalid)
    if (!resumed) return refuse(o.policy.resumeNotFound(o.flags.resume), isUuid(o.flags.resume) ? o.flags.resume : o.newId());
  } else if (o.flags.resume === true || o.flags.continue) {
    resumed = latestSession(o.home, o.cwd);
  }
  const at = o.flags.resumeAt;
  // the id must be a message of the resumed session (capture ses_resume_session_at_unknown_h4); the store keeps the
  // uuids of the frames each turn wrote, so an id the SDK took from an earlier run's stdout is found
  if (resumed && at !== undefined && o.policy.resumeAtNotFound && !(resumed.uuids ?? []).includes(at)) return refuse(o.policy.resumeAtNotFound(at), resumed.header.session_id);
  if (o.flags.sessionId !== undefined && !resumed && sessionExists(o.home, o.flags.sessionId)) {
    // Claude Code says so on stderr only and exits 1 (captures ses_session_id_in_use)
    if (o.policy.sessionIdInUse === 'refuse') return { fatal: `Error: Session ID ${o.flags.sessionId} is already in use.` };
    resumed = readSession(o.home, o.flags.sessionId);
  }
  const fork = o.flags.fork && resumed !== undefined;
  const sessionId = resumed && !fork ? resumed.header.session_id : fork && o.policy.forkNoSource !== undefined ? forkId ?? o.newId() : o.flags.sessionId ?? o.newId();
  let headerWritten = resumed !== undefined && !fork;
  let carried = fork ? (resumed?.said ?? []) : []; // a fork's file starts with the conversation it was forked from
  let carriedSpent = fork ? (resumed?.spent ?? []) : []; // and with what that conversation spent
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
      const said = [...carried, ...(state.said ?? [])];
      const uuids = state.uuids ?? [];
      const spent = [...carriedSpent, ...(state.spent ?? [])];
      const rec = { type: 'turn' as const, cursor: state.cursor, turns: state.turns, messages: state.messages, ...(said.length > 0 ? { said } : {}), ...(uuids.length > 0 ? { uuids } : {}) };
      appendRecord(o.home, sessionId, { ...rec, ...(spent.length > 0 ? { spent } : {}), at: o.now() });
      [carried, carriedSpent] = [[], []];
    } catch (e) {
      o.log.error({ err: e }, 'cannot write the session store');
    }
  };
  return { sessionId, resume: resumed ? { cursor: resumed.cursor, turns: resumed.turns, messages: resumed.messages, said: resumed.said, uuids: resumed.uuids, spent: resumed.spent } : undefined, persist };
}
