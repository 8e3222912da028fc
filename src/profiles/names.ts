import { EmuError } from '../errors.js';
import { closest } from '../scenario/suggest.js';
import { PROFILE_NAMES, type ProfileName } from '../protocol/vocabulary.js';

/**
 * A profile's name as given (`claude` is an alias for the newest Claude Code profile) to the profile it names, or
 * E_PROFILE with a suggestion. Apart from the profiles themselves, so a caller that only checks a name (`cbc-emu
 * fuzz` before its first run) does not load every encoder (issue #21).
 */
export function profileName(name: string): ProfileName {
  const n = name === 'claude' ? 'claude-2.1.328' : name;
  if ((PROFILE_NAMES as readonly string[]).includes(n)) return n as ProfileName;
  const guess = closest(name, PROFILE_NAMES);
  throw new EmuError('E_PROFILE', `unknown profile "${name}"${guess ? `; did you mean "${guess}"?` : ''} (profiles: ${PROFILE_NAMES.join(', ')})`);
}
