import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/log.js';
import { bindSession, type SessionFlags } from '../../../src/store/binding.js';

const SID = '5e551011-0000-4000-8000-000000000001';
const KNOWN = '00000000-0000-4000-8000-0000000000aa';
const policy = { resumeNotFound: (v: string) => `no ${v}`, sessionIdInUse: 'refuse' as const, resumeAtNotFound: (id: string) => `No message found with message.uuid of: ${id}` };
const flags = (more: Partial<SessionFlags>): SessionFlags => ({ resume: undefined, continue: false, sessionId: undefined, fork: false, persist: true, ...more });

// issue #16: --resume-session-at names a message of the resumed session; Claude Code refuses any other id with an
// error result naming it (capture ses_resume_session_at_unknown_h4)
describe('--resume-session-at (#16)', () => {
  it('resumes at a uuid a stored turn wrote and refuses one it did not', () => {
    const home = mkdtempSync(join(tmpdir(), 'bind-'));
    const base = { home, cwd: home, profile: 'p', scenario: 's', newId: () => SID, now: () => 0, log: createLogger({}, process.stderr), policy };
    const first = bindSession({ ...base, flags: flags({ sessionId: SID }) });
    if ('fatal' in first) throw new Error(first.fatal);
    first.persist({ cursor: 1, turns: 1, messages: 2, uuids: [KNOWN] });
    const ok = bindSession({ ...base, flags: flags({ resume: SID, resumeAt: KNOWN }) });
    expect(ok).toMatchObject({ sessionId: SID, resume: { turns: 1 } });
    expect(ok).not.toHaveProperty('error');
    const unknown = '00000000-0000-4000-8000-0000000000cc';
    expect(bindSession({ ...base, flags: flags({ resume: SID, resumeAt: unknown }) })).toMatchObject({ sessionId: SID, error: `No message found with message.uuid of: ${unknown}` });
    // a profile that does not read the flag resumes as without it
    expect(bindSession({ ...base, flags: flags({ resume: SID, resumeAt: unknown }), policy: { ...policy, resumeAtNotFound: undefined } })).not.toHaveProperty('error');
  });
});
