import { cbc2117Profile, cbcProfile } from './cbc/index.js';
import { claude220Profile, claude328Profile } from './claude/index.js';
import type { Profile } from '../engine/profile.js';
import type { ProfileName } from '../protocol/vocabulary.js';
import { profileName } from './names.js';

export { PROFILE_NAMES } from '../protocol/vocabulary.js';
export type { Profile, ProfileName, EncodeContext } from '../engine/profile.js';

const FACTORIES: Record<ProfileName, () => Profile> = {
  cbc: cbcProfile,
  'cbc-2.117.0': cbc2117Profile,
  'claude-2.1.220': claude220Profile,
  'claude-2.1.328': claude328Profile,
};

/**
 * Each profile made once per process. A Profile is its spec's data and closures over it, with no state of a session,
 * so every session shares it (nothing writes to it); making one cost ~0.15–0.25 ms, paid by each run of the
 * in-process fuzzer, which starts a session a run (issue #21).
 */
const made = new Map<ProfileName, Profile>();

/** Resolves a profile by name; `claude` is an alias for the newest Claude Code profile (names.ts). */
export function getProfile(name: string): Profile {
  const key = profileName(name);
  let p = made.get(key);
  if (p === undefined) {
    p = FACTORIES[key]();
    // shared from here on: a write to it (a session's state put on its profile) throws instead of leaking to the next session
    for (const part of [p.behavior, p.ids, p]) Object.freeze(part);
    made.set(key, p);
  }
  return p;
}
