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

/** Resolves a profile by name; `claude` is an alias for the newest Claude Code profile (names.ts). */
export function getProfile(name: string): Profile {
  return FACTORIES[profileName(name)]();
}
