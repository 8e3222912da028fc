import type { AgentT } from '../scenario/schema.js';

/** An agent's canonical content (its `v2:` id hashes it), kept per scenario agent for the last workflow and phase it ran in. */
interface Canonical {
  workflow: string;
  phase: string | null;
  label: string;
  prompt: string;
  text: string;
}
const canonicals = new WeakMap<AgentT, Canonical>();

/**
 * The canonical JSON of an agent of `workflow` in `phase` (seed 000 §5.2), made once per scenario agent while its
 * workflow, phase, label and prompt stay the same (issue #21: each of a bench run's 1,600 launches made it anew for
 * each of its 12 agents, and the id lookup hashed each new text).
 */
export function canonicalOf(a: AgentT, workflow: string, phase: string | null, prompt: string): string {
  const c = canonicals.get(a);
  if (c !== undefined && c.workflow === workflow && c.phase === phase && c.label === a.label && c.prompt === prompt) return c.text;
  const text = JSON.stringify({ v: 2, workflow, phase, label: a.label, prompt });
  canonicals.set(a, { workflow, phase, label: a.label, prompt, text });
  return text;
}
