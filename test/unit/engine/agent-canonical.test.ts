// Issue #21: an agent's canonical content (the text its cbc `v2:` id hashes, seed 000 §5.2) is kept per scenario
// agent; whatever the agent ran in before, the text is the JSON of this launch's workflow, phase, label and prompt.
import { describe, expect, it } from 'vitest';
import { canonicalOf } from '../../../dist/engine/agent-canonical.js';
import type { AgentT } from '../../../dist/scenario/schema.js';

const fresh = (workflow: string, phase: string | null, label: string, prompt: string) => JSON.stringify({ v: 2, workflow, phase, label, prompt });

describe('canonicalOf (#21)', () => {
  it('is the JSON of each launch, the same agent met again in another workflow, phase, label or prompt', () => {
    const a = { label: 'a0' } as AgentT;
    const b = { label: 'b0', prompt: 'do "b"' } as AgentT;
    const seq: Array<[AgentT, string, string | null, string]> = [
      [a, 'wf', 'Phase 0', 'a0'],
      [a, 'wf', 'Phase 0', 'a0'],
      [b, 'wf', 'Phase 0', 'do "b"'],
      [a, 'other', 'Phase 0', 'a0'],
      [a, 'other', null, 'a0'],
      [a, 'other', null, 'changed prompt'],
      [a, 'wf', 'Phase 0', 'a0'],
    ];
    for (const [agent, workflow, phase, prompt] of seq) expect(canonicalOf(agent, workflow, phase, prompt)).toBe(fresh(workflow, phase, agent.label, prompt));
    // a label changed in place (a scenario object is not frozen) is seen too
    (a as { label: string }).label = 'renamed';
    expect(canonicalOf(a, 'wf', 'Phase 0', 'a0')).toBe(fresh('wf', 'Phase 0', 'renamed', 'a0'));
  });
});
