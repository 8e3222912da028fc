import { EmuError } from '../errors.js';
import { closest } from '../scenario/suggest.js';
import { cbc2117Profile, cbcProfile } from './cbc/index.js';
import { claude220Profile, claude328Profile } from './claude/index.js';
import type { Profile } from '../engine/profile.js';
import { PROFILE_NAMES, type ProfileName } from '../protocol/vocabulary.js';

export { PROFILE_NAMES } from '../protocol/vocabulary.js';
export type { Profile, ProfileName, EncodeContext } from '../engine/profile.js';

const FACTORIES: Record<ProfileName, () => Profile> = {
  cbc: cbcProfile,
  'cbc-2.117.0': cbc2117Profile,
  'claude-2.1.220': claude220Profile,
  'claude-2.1.328': claude328Profile,
};

/** Resolves a profile by name; `claude` is an alias for the newest Claude Code profile. */
export function getProfile(name: string): Profile {
  const n = name === 'claude' ? 'claude-2.1.328' : name;
  const f = FACTORIES[n as ProfileName];
  if (!f) {
    const guess = closest(name, PROFILE_NAMES);
    throw new EmuError('E_PROFILE', `unknown profile "${name}"${guess ? `; did you mean "${guess}"?` : ''} (profiles: ${PROFILE_NAMES.join(', ')})`);
  }
  return f();
}
