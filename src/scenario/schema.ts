import { z } from 'zod';

/**
 * The scenario format. This zod schema is the single source of truth: the TypeScript types are
 * inferred from it, `cbc-emu schema` prints its JSON Schema, and the loader validates with it.
 * Objects are strict: a misspelled key is an error at load time, never silently ignored.
 */

const DURATION_RE = /^(\d+(?:\.\d+)?)\s*(ms|s|m)$/;

/** A duration: milliseconds as a number, or a string such as `800ms`, `1.5s`, `2m`. */
export const Duration = z
  .union([
    z.number().int().nonnegative().max(86_400_000, 'at most one day (86400000 ms)'),
    z.string().regex(DURATION_RE, 'a duration such as "800ms", "1.5s" or "2m"'),
  ])
  .transform((v) => (typeof v === 'number' ? v : parseDuration(v)))
  .pipe(z.number().int().nonnegative().max(86_400_000, 'at most one day'))
  .meta({ description: 'Milliseconds (number) or a string like "800ms", "1.5s", "2m".' });

/** Parses a duration string that already matched DURATION_RE. */
export function parseDuration(s: string): number {
  const m = DURATION_RE.exec(s.trim());
  if (!m) return NaN;
  const n = Number(m[1]);
  const unit = m[2];
  return Math.round(unit === 'ms' ? n : unit === 's' ? n * 1000 : n * 60_000);
}

const Text = z.string().max(100_000);

export const Match = z
  .strictObject({
    contains: Text.optional().meta({ description: 'The prompt contains this text.' }),
    exact: Text.optional().meta({ description: 'The prompt (trimmed) equals this text.' }),
    regex: Text.optional().meta({ description: 'A JavaScript regular expression the prompt matches.' }),
    glob: Text.optional().meta({ description: 'A glob (* and ?) the whole prompt matches.' }),
  })
  .meta({ description: 'Which prompts select this turn; every given test must hold. Omitted: any prompt.' });

export const Agent = z
  .strictObject({
    label: z.string().min(1).max(400),
    prompt: Text.optional().meta({ description: 'The sub-agent prompt (feeds agentId and promptPreview).' }),
    duration: Duration.optional().meta({ description: 'How long the agent runs (default 1s).' }),
    tokens: z.number().int().nonnegative().max(1e12).optional(),
    tool_uses: z.number().int().nonnegative().max(1e9).optional(),
    result: Text.optional().meta({ description: 'The agent result (resultPreview).' }),
    fail: Text.optional().meta({ description: 'Makes the agent end in state error with this message.' }),
    cached: z.boolean().optional().meta({ description: 'Replayed from cache: state cached at once.' }),
    model: z.string().optional(),
  })
  .refine((a) => !(a.cached && a.fail !== undefined), { message: 'an agent cannot be both cached and fail' });

export const Phase = z.strictObject({
  title: z.string().min(1).max(400),
  agents: z.array(Agent).min(1, 'a phase needs at least one agent'),
});

export const Interrupt = z.strictObject({
  after: Duration.meta({ description: 'Virtual time after the workflow starts.' }),
  reason: Text.optional().meta({ description: 'Interrupt reason (default "user cancel").' }),
});

export const Workflow = z
  .strictObject({
    name: z.string().min(1).max(400).optional().meta({ description: 'meta.name; omitted: "path:<basename of script>".' }),
    script: z.string().min(1).max(4096).optional().meta({ description: 'Script path, for workflow_name and prompt.' }),
    description: Text.optional(),
    phases: z.array(Phase).optional(),
    agents: z.array(Agent).optional().meta({ description: 'Agents of a workflow without phases.' }),
    outcome: z.enum(['completed', 'failed']).optional(),
    error: Text.optional().meta({ description: 'The failure message when outcome is failed.' }),
    start_after: Duration.optional().meta({ description: 'Delay before the workflow starts.' }),
    wait: z.boolean().optional().meta({ description: 'Hold the turn open until the workflow ends.' }),
    interrupt: Interrupt.optional(),
    followup: z
      .union([Text, z.literal(false)])
      .optional()
      .meta({ description: 'Reply of the follow-up turn the notification starts; false: no follow-up turn.' }),
  })
  .refine((w) => !(w.phases && w.agents), { message: 'use either phases or agents, not both' })
  .refine((w) => w.outcome !== 'failed' || w.error !== undefined, {
    message: 'outcome failed needs an error message (error: "...")',
    path: ['error'],
  });

export const Turn = z
  .strictObject({
    match: Match.optional(),
    reply: Text.optional().meta({ description: 'Assistant text; {{prompt}} is replaced by the prompt.' }),
    result: Text.optional().meta({ description: 'Final text of the turn (default: reply).' }),
    delay: Duration.optional().meta({ description: 'Virtual thinking time before the reply.' }),
    workflow: Workflow.optional(),
    workflows: z.array(Workflow).optional(),
    error: Text.optional().meta({ description: 'End the turn with an error result carrying this message.' }),
  })
  .refine((t) => !(t.workflow && t.workflows), { message: 'use either workflow or workflows, not both' });

export const Grace = z.strictObject({
  min: Duration,
  max: Duration,
});

export const Scenario = z
  .strictObject({
    $schema: z.string().optional(),
    name: z.string().min(1).max(400).optional(),
    description: Text.optional(),
    unmatched: z.enum(['echo', 'error']).optional().meta({ description: 'Prompts no turn matches: echo them back, or end the turn with an error result.' }),
    late_rows: Grace.optional().meta({ description: 'Window after an interrupt in which aborted agents report (cbc profile; default 1s..3s).' }),
    model: z.string().optional(),
    turns: z.array(Turn).max(100_000),
  })
  .refine((s) => !s.late_rows || s.late_rows.min <= s.late_rows.max, {
    message: 'late_rows.min must not exceed late_rows.max',
    path: ['late_rows'],
  })
  .meta({ title: 'cbc-emulator scenario', description: 'A scripted session for cbc-emulator.' });

export type ScenarioInput = z.input<typeof Scenario>;
export type ScenarioT = z.output<typeof Scenario>;
export type TurnT = z.output<typeof Turn>;
export type WorkflowT = z.output<typeof Workflow>;
export type AgentT = z.output<typeof Agent>;
export type MatchT = z.output<typeof Match>;
