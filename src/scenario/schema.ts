import { createRequire } from 'node:module';
import { z } from 'zod';
import { MAX_AGENTS_PER_WORKFLOW, MAX_REASON_CHARS } from './limits.js';
import { TaskKindSchema, TerminalTaskStatusSchema } from '../protocol/vocabulary-schemas.js';

/**
 * safe-regex2 (and its regex parser) is loaded by the first `regex` match checked, not by every scenario load
 * (~10 ms of CPU, issue #21): most scenarios match with `contains`, `exact` or `glob`.
 */
let safeRegexFn: ((re: string) => boolean) | undefined;
const safeRegex = (re: string): boolean => (safeRegexFn ??= createRequire(import.meta.url)('safe-regex2') as (re: string) => boolean)(re);

/**
 * The scenario format (issue #3). This zod schema is the single source of truth: the TypeScript
 * types are inferred from it, `cbc-emu schema` prints its JSON Schema (docs/scenario.schema.json),
 * and the loader validates with it. Objects are strict: a misspelled key is an error at load time,
 * never silently ignored. Messages written here are shown to users as they are (tests assert them),
 * so each one says what is wrong and how to fix it.
 */

/** Longest accepted duration: one day. */
export const MAX_DURATION_MS = 86_400_000;

const DURATION_RE = /^(\d+(?:\.\d+)?)\s*(ms|s|m)$/;
const DURATION_EXPECTED = 'expected a duration: integer milliseconds or a string such as "800ms", "1.5s" or "2m"';

/** Renders a user value for a message: strings quoted and cut short, others as written. */
export function show(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return JSON.stringify(v.length > 60 ? v.slice(0, 57) + '...' : v);
    case 'object':
      return v === null ? 'null' : Array.isArray(v) ? 'a list' : 'a mapping';
    case 'number':
    case 'boolean':
    case 'bigint':
    case 'symbol':
    case 'undefined':
      return String(v);
    default:
      return 'a function';
  }
}

/**
 * Converts a duration (integer milliseconds, or `<n>ms` / `<n>s` / `<n>m`) to milliseconds; returns
 * the problem as a message instead when the value is not an acceptable duration.
 */
export function durationMs(v: number | string): number | { problem: string } {
  let ms: number;
  if (typeof v === 'number') {
    if (v < 0) return { problem: `a duration cannot be negative, got ${show(v)}` };
    if (v > MAX_DURATION_MS) return { problem: `a duration must be at most one day (${MAX_DURATION_MS} ms), got ${show(v)}` };
    if (!Number.isInteger(v)) return { problem: `a number is a count of milliseconds and must be whole, got ${show(v)}; for fractions use a unit, e.g. "1.5s"` };
    ms = v;
  } else {
    const s = v.trim();
    const m = DURATION_RE.exec(s);
    if (!m) {
      if (/^-\s*\d/.test(s)) return { problem: `a duration cannot be negative, got ${show(v)}` };
      if (/^\d+(\.\d+)?$/.test(s)) return { problem: `${DURATION_EXPECTED}, got ${show(v)}; add a unit ("${s}ms") or write the number without quotes` };
      return { problem: `${DURATION_EXPECTED}, got ${show(v)}` };
    }
    const n = Number(m[1]);
    const unit = m[2];
    ms = Math.round(unit === 'ms' ? n : unit === 's' ? n * 1000 : n * 60_000);
    if (!(ms <= MAX_DURATION_MS)) return { problem: `a duration must be at most one day (${MAX_DURATION_MS} ms), got ${show(v)}` };
  }
  return ms;
}

/** A duration: milliseconds as a number, or a string such as `800ms`, `1.5s`, `2m`. */
export const Duration = z
  .union([z.number(), z.string()], {
    // undefined: a missing key, which the loader's message names
    error: (iss) => (iss.input === undefined ? undefined : `${DURATION_EXPECTED}, got ${show(iss.input)}`),
  })
  .transform((v, ctx) => {
    const r = durationMs(v);
    if (typeof r === 'number') return r;
    ctx.issues.push({ code: 'custom', message: r.problem, input: v });
    return z.NEVER;
  })
  .meta({
    id: 'Duration',
    description: 'Milliseconds (a whole number) or a string like "800ms", "1.5s", "2m"; at most one day.',
    // the JSON Schema spells out what the transform accepts (refinements are not representable)
    anyOf: [
      { type: 'integer', minimum: 0, maximum: MAX_DURATION_MS },
      { type: 'string', pattern: DURATION_RE.source.replace('^', '^\\s*').replace(/\$$/, '\\s*$') },
    ],
  });

const Text = z.string().max(100_000);

/**
 * Cross-field rules run even when other keys of the same object have problems, so one load reports
 * every problem of a file (zod skips refinements after an error by default). The rules therefore read
 * their object as unknown data: a sibling may still hold its raw, invalid value.
 */
const ALWAYS = { when: () => true };
const isMs = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_DURATION_MS;
type Loose = Record<string, unknown>;
const loose = (v: unknown): Loose => (v !== null && typeof v === 'object' ? (v as Loose) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const Label = z.string().min(1).max(400);

/** `script` must stay inside the scenario's notion of a workspace: relative, no `..` segment. */
const SCRIPT_RE = /^(?![\\/])(?![A-Za-z]:)(?!(?:.*[\\/])?\.\.(?:[\\/]|$))/;

/** Which prompts select a turn. */
export const Match = z
  .strictObject({
    contains: Text.optional().meta({ description: 'The prompt contains this text (case-sensitive).' }),
    exact: Text.optional().meta({ description: 'The prompt, trimmed, equals this text.' }),
    regex: Text.optional().meta({ description: 'A JavaScript regular expression (no flags) the prompt matches somewhere.' }),
    glob: Text.optional().meta({ description: 'A glob (* any text, ? one character) the whole trimmed prompt matches.' }),
  })
  .superRefine((raw, ctx) => {
    const regex = loose(raw)['regex'];
    if (typeof regex !== 'string') return;
    try {
      new RegExp(regex);
    } catch (err) {
      const why = String((err as Error).message).replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '');
      ctx.addIssue({
        code: 'custom',
        path: ['regex'],
        message: `not a valid JavaScript regular expression (${why}); escape special characters such as ( [ { * + ? with a backslash`,
      });
      return;
    }
    // a prompt is matched on the event loop: a regex that backtracks exponentially would stall the protocol (issue #18)
    if (!safeRegex(regex)) {
      ctx.addIssue({
        code: 'custom',
        path: ['regex'],
        message: 'this regular expression can take exponential time (a repeated group that itself repeats, such as (a+)+ or (\\w*)*); rewrite it without nested repetition, or use glob or contains',
      });
    }
  }, ALWAYS)
  .meta({ id: 'Match', description: 'Which prompts select this turn; every given test must hold. Omitted: any prompt.' });

/** One sub-agent of a workflow. */
export const Agent = z
  .strictObject({
    label: Label.meta({ description: 'The agent label; unique within its workflow.' }),
    prompt: Text.optional().meta({ description: 'The sub-agent prompt (feeds agentId and the prompt preview; default: the label).' }),
    duration: Duration.optional().meta({ description: 'How long the agent runs (default 1s).' }),
    tokens: z.number().nonnegative().max(1e12).int().optional().meta({ description: 'Tokens the agent reports (default 0).' }),
    tool_uses: z.number().nonnegative().max(1e9).int().optional().meta({ description: 'Tool calls the agent reports (default 0).' }),
    result: Text.optional().meta({ description: 'The agent result (resultPreview; default "").' }),
    fail: Text.optional().meta({ description: 'Makes the agent end in state error with this message.' }),
    cached: z.boolean().optional().meta({ description: 'Replayed from cache: state cached at once, no duration.' }),
    model: z.string().optional().meta({ description: 'Model of the agent row (default: the session model).' }),
  })
  .superRefine((raw, ctx) => {
    const a = loose(raw);
    if (a['cached'] === true && a['fail'] !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['fail'], message: 'a cached agent cannot fail; remove "cached: true" or "fail:"' });
    }
  }, ALWAYS)
  .meta({ id: 'Agent', description: 'One sub-agent of a workflow (a workflow_agent row).' });

/** One workflow phase. */
export const Phase = z
  .strictObject({
    title: Label.meta({ description: 'The phase title (workflow_phase row).' }),
    agents: z.array(Agent).min(1, 'a phase needs at least one agent').meta({ description: 'Agents of the phase; they run at the same time.' }),
    approval: z
      .literal('plan')
      .optional()
      .meta({ description: 'Ask the host to approve the plan (can_use_tool for ExitPlanMode) before the phase starts; a rejection fails the workflow.' }),
  })
  .meta({ id: 'Phase', description: 'One phase: its agents start together; the next phase starts when all have ended.' });

/**
 * A tool call that needs the host's permission (issue #10, seed 004's request/response pattern): the
 * emulated CLI sends `can_use_tool` (after any PreToolUse hook callbacks) and waits for the answer.
 */
export const Ask = z
  .strictObject({
    tool: z.string().min(1).max(200).meta({ description: 'Tool name, e.g. Bash, Edit, ExitPlanMode.' }),
    input: z.record(z.string(), z.unknown()).optional().meta({ description: 'Tool input (the host may replace it with updatedInput).' }),
    output: Text.optional().meta({ description: 'tool_result text when the tool is allowed (default "ok").' }),
    outputs: z
      .record(z.string(), Text)
      .optional()
      .meta({ description: 'tool_result text per shell command, for a command the host rewrites with updatedInput (its `command`); default: worked out for echo commands, else `output`.' }),
    on_deny: z.enum(['skip', 'error']).optional().meta({ description: 'skip: the turn goes on (default); error: the turn ends with an error result.' }),
    timeout: Duration.optional().meta({ description: 'How long to wait for the host (default 60s); a timeout counts as a denial.' }),
  })
  .meta({ id: 'Ask', description: 'A tool call the host must approve.' });

/** A scripted interrupt during a workflow. */
export const Interrupt = z.strictObject({
  after: Duration.meta({ description: 'Virtual time after the workflow starts.' }),
  reason: z.string().max(MAX_REASON_CHARS).optional().meta({ description: `Interrupt reason (default "user cancel"), at most ${MAX_REASON_CHARS} characters.` }),
});

/** A workflow a turn launches. */
export const Workflow = z
  .strictObject({
    name: Label.optional().meta({ description: 'meta.name; omitted: "path:<basename of script>".' }),
    script: z
      .string()
      .min(1)
      .max(4096)
      .regex(SCRIPT_RE, {
        error: (iss) => `script must be a relative path without ".." (such as "research.workflow.js"), got ${show(iss.input)}`,
      })
      .optional()
      .meta({ description: 'Script path relative to the working directory, no "..": workflow name and cbc scriptPath.' }),
    description: Text.optional().meta({ description: 'Task description (default: the name).' }),
    source: Text.optional().meta({
      description: 'The script text of the Workflow tool call, verbatim, as your model writes it (default: generated from name, description, phases and agents).',
    }),
    call_description: Text.optional().meta({ description: "The Workflow tool call's own description argument, as your model writes it (default: description)." }),
    phases: z
      .array(Phase)
      .min(1, 'a workflow needs at least one phase; for a workflow without phases, omit "phases:" and list "agents:"')
      .optional()
      .meta({ description: 'Phases, run one after the other.' }),
    agents: z
      .array(Agent)
      .min(1, 'list at least one agent, or omit "agents:"')
      .optional()
      .meta({ description: 'Agents of a workflow without phases; they run at the same time.' }),
    outcome: TerminalTaskStatusSchema.extract(['completed', 'failed']).optional().meta({ description: 'How the run ends (default completed).' }),
    error: Text.optional().meta({ description: 'The failure message when outcome is failed.' }),
    start_after: Duration.optional().meta({ description: 'Delay before the workflow starts; the turn waits for it.' }),
    wait: z.boolean().optional().meta({ description: 'Hold the turn open until the workflow ends.' }),
    interrupt: Interrupt.optional().meta({ description: 'A scripted session interrupt while the workflow runs.' }),
    followup: z
      .union([Text, z.literal(false)], { error: (iss) => `expected the follow-up reply text or false, got ${show(iss.input)}` })
      .optional()
      .meta({ description: 'Reply of the follow-up turn the notification starts; false: no follow-up turn.' }),
  })
  .superRefine((raw, ctx) => {
    const w = loose(raw);
    if (w['phases'] !== undefined && w['agents'] !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['agents'], message: 'use either "phases:" or "agents:", not both; put these agents into a phase' });
    }
    if (w['outcome'] === 'failed' && w['error'] === undefined) {
      ctx.addIssue({ code: 'custom', path: ['outcome'], message: 'outcome failed needs an error message; add error: "..." to the workflow' });
    }
    // labels identify agents (agentId, rows); a duplicate within one workflow is ambiguous
    const seen = new Map<string, string>();
    const check = (agents: unknown, base: Array<string | number>) => {
      list(agents).forEach((a, i) => {
        const label = loose(a)['label'];
        if (typeof label !== 'string') return;
        const path = [...base, i, 'label'];
        const first = seen.get(label);
        if (first !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path,
            message: `duplicate agent label ${show(label)} (first used at ${first}); labels must be unique within a workflow`,
          });
        } else seen.set(label, renderPath(path));
      });
    };
    list(w['phases']).forEach((p, i) => check(loose(p)['agents'], ['phases', i, 'agents']));
    check(w['agents'], ['agents']);
    const agents = list(w['agents']).length + list(w['phases']).reduce((n: number, p) => n + list(loose(p)['agents']).length, 0);
    if (agents > MAX_AGENTS_PER_WORKFLOW) {
      ctx.addIssue({ code: 'custom', path: [w['phases'] !== undefined ? 'phases' : 'agents'], message: `a workflow runs at most ${MAX_AGENTS_PER_WORKFLOW} agents, got ${agents}; split it into several workflows or turns` });
    }
  }, ALWAYS)
  .meta({ id: 'Workflow', description: 'A workflow the turn launches (a Workflow tool call and a background task).' });

/**
 * A background task a turn starts (seed 002 §8): a shell command (`bash`, `powershell`) or a
 * sub-agent (`agent`) launched with `run_in_background: true`. Background workflows use the turn's
 * `workflow:` form. Strict like every scenario object.
 */
export const BackgroundTask = z
  .strictObject({
    kind: TaskKindSchema.exclude(['workflow']).meta({ description: 'Which tool starts the task.' }),
    description: z.string().min(1).max(400),
    command: z.string().max(100_000).optional().meta({ description: 'Shell command (default: the description).' }),
    prompt: z.string().max(100_000).optional().meta({ description: 'Agent prompt (default: the description).' }),
    subagent_type: z.string().min(1).max(200).optional().meta({ description: 'Agent type (default general-purpose).' }),
    duration: Duration.optional().meta({ description: 'How long the task runs (default 1s).' }),
    exit_code: z.number().int().min(0).max(255).optional().meta({ description: 'Shell exit code (default 0; non-zero fails).' }),
    output: z.string().max(10_000_000).optional().meta({ description: 'Written to output_file.' }),
    stderr: z.string().max(10_000_000).optional().meta({ description: 'Shell stderr (output_stderr_file on cbc).' }),
    tokens: z.number().int().nonnegative().max(1e12).optional().meta({ description: 'Agent tokens, spread over its tool uses.' }),
    tools: z.array(z.string().min(1).max(200)).max(10_000).optional().meta({ description: 'Agent tool uses, in order: one task_progress each.' }),
    result: z.string().max(100_000).optional().meta({ description: "The agent's final text (its notification summary on Claude)." }),
    end: TerminalTaskStatusSchema.optional().meta({ description: 'How the task ends (default: completed, or failed for a non-zero exit_code).' }),
    notify: z.boolean().optional().meta({ description: 'false: the task ends with task_updated only, no task_notification (seed 002 §8).' }),
    followup: z.union([z.string().max(100_000), z.literal(false)]).optional().meta({ description: 'Reply of the follow-up turn its notification starts; false: none.' }),
  })
  .refine((t) => t.kind === 'agent' || (t.tools === undefined && t.tokens === undefined && t.prompt === undefined && t.subagent_type === undefined), {
    message: 'tools, tokens, prompt and subagent_type are for kind: agent',
  })
  .refine((t) => t.kind !== 'agent' || (t.exit_code === undefined && t.stderr === undefined && t.command === undefined), {
    message: 'exit_code, stderr and command are for shell kinds (bash, powershell)',
  });

/** One scripted answer to a prompt. */
export const Turn = z
  .strictObject({
    match: Match.optional(),
    reply: Text.optional().meta({ description: 'Assistant text; {{prompt}} and {{session_id}} are replaced.' }),
    result: Text.optional().meta({ description: 'Final text of the turn (default: reply).' }),
    delay: Duration.optional().meta({ description: 'Virtual thinking time before the first message (default 40ms).' }),
    partial: Text.optional().meta({ description: 'Text the model has streamed during the delay: an interrupt before the reply writes it as the reply so far.' }),
    workflow: Workflow.optional(),
    workflows: z.array(Workflow).optional().meta({ description: 'Several workflows, launched one after the other; they run at the same time.' }),
    error: Text.optional().meta({ description: 'End the turn with an error result carrying this message.' }),
    ask: z.union([Ask, z.array(Ask).min(1).max(100)]).optional().meta({ description: 'Tool calls that need the host\'s permission, played after the reply.' }),
    structured_output: z.unknown().optional().meta({ description: 'The structured result for --json-schema runs (checked against the schema).' }),
    background: z.array(BackgroundTask).max(1000).optional().meta({ description: 'Background shell commands and sub-agents the turn starts (seed 002 §8).' }),
  })
  .superRefine((raw, ctx) => {
    const t = loose(raw);
    if (t['workflow'] !== undefined && t['workflows'] !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['workflows'], message: 'use either "workflow:" or "workflows:", not both; move the workflow into the list' });
    }
  }, ALWAYS)
  .meta({ id: 'Turn', description: 'One scripted answer to a prompt.' });

/** A window of virtual time (late_rows). */
export const Grace = z.strictObject({
  min: Duration,
  max: Duration,
});

/** A whole scenario file. */
export const Scenario = z
  .strictObject({
    $schema: z.string().optional().meta({ description: 'Ignored; lets editors find the JSON Schema.' }),
    name: Label.optional().meta({ description: 'Scenario name (shown in the unmatched: error message).' }),
    description: Text.optional(),
    unmatched: z
      .enum(['echo', 'error'])
      .optional()
      .meta({ description: 'Prompts no turn matches: echo them back (default), or end the turn with an error result.' }),
    fallback: Turn.optional().meta({
      description: 'The turn played when no turn matches the prompt, instead of the unmatched policy; it never moves the cursor, so keyword turns keep firing when their keyword repeats. No match of its own.',
    }),
    late_rows: Grace.optional().meta({ description: 'Window after an interrupt in which aborted agents report (cbc profile; default 1s..3s).' }),
    model: z.string().optional().meta({ description: 'Session model when neither --model nor settings name one.' }),
    turns: z.array(Turn).max(100_000).meta({ description: 'The scripted turns; see docs/scenarios.md for how a prompt selects one.' }),
  })
  .superRefine((raw, ctx) => {
    const fb = loose(loose(raw)['fallback']);
    if (fb['match'] !== undefined) ctx.addIssue({ code: 'custom', path: ['fallback', 'match'], message: 'the fallback turn plays when no turn matches, so it takes no match: remove it, or move the turn into turns' });
    if (loose(raw)['fallback'] !== undefined && loose(raw)['unmatched'] !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['unmatched'], message: 'unmatched never applies when a fallback turn is given: remove one of them' });
    }
    const g = loose(loose(raw)['late_rows']);
    const min = g['min'];
    const max = g['max'];
    // after a successful transform both are numbers; raw strings mean the durations themselves failed
    if (isMs(min) && isMs(max) && min > max) {
      ctx.addIssue({ code: 'custom', path: ['late_rows', 'min'], message: `late_rows.min (${min} ms) must not exceed late_rows.max (${max} ms)` });
    }
  }, ALWAYS)
  .meta({ title: 'cbc-emulator scenario', description: 'A scripted session for cbc-emulator.' });

/** Renders a key path as `turns[0].workflow.phases[1]`. */
export function renderPath(path: ReadonlyArray<PropertyKey>): string {
  let s = '';
  for (const p of path) s += typeof p === 'number' ? `[${p}]` : s ? `.${String(p)}` : String(p);
  return s;
}

/** A scenario as written (durations may be strings); the types below are after parsing. */
export type ScenarioInput = z.input<typeof Scenario>;
export type ScenarioT = z.output<typeof Scenario>;
export type TurnT = z.output<typeof Turn>;
export type WorkflowT = z.output<typeof Workflow>;
export type AgentT = z.output<typeof Agent>;
export type MatchT = z.output<typeof Match>;
export type BackgroundTaskT = z.output<typeof BackgroundTask>;
export type AskT = z.output<typeof Ask>;
