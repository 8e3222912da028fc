import { nodeCrypto } from '../../hashing.js';
import { join } from 'node:path';

/** cbc 2.117.0's plan file name parts (PlanModeUtils.generateUniquePlanFileName). */
const WORDS = [
  ['toasty', 'blazing', 'swift', 'cosmic', 'radiant', 'stellar', 'quantum', 'electric'],
  ['forging', 'aurora', 'thunder', 'cascade', 'nebula', 'pulse', 'vortex', 'beacon'],
  ['babbage', 'tesla', 'curie', 'einstein', 'newton', 'darwin', 'lovelace', 'turing'],
] as const;

/**
 * The plan file cbc 2.117.0 names when set_permission_mode switches a session to plan: `<home>/.codebuddy/plans/
 * <adjective>-<noun>-<surname>.md`, drawn once per session (the session's meta keeps it; captures
 * ctl_set_permission_mode_plan_tool_cbc, ctl_set_permission_mode_after_interrupt_fw). The real draw is Math.random;
 * the emulator's comes from the session id, so it is deterministic and stays with the session.
 */
export function planFilePath(userHome: string, sessionId: string): string {
  const digest = nodeCrypto().createHash('sha256').update(sessionId).digest();
  const [a, b, c] = WORDS.map((list, i) => list[(digest[i] ?? 0) % list.length]);
  return join(userHome, '.codebuddy', 'plans', `${a}-${b}-${c}.md`);
}
