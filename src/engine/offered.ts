import { selectTurn } from '../scenario/match.js';
import type { ScenarioT, TurnT } from '../scenario/schema.js';
import type { CliFlags } from './profile.js';

/*
 * Which tools the model is offered (issue #16, captures opt_disallowedTools_bash_call_h2, opt_tools_read_bash_call):
 * a bare `--disallowedTools` name removes a tool, and `--tools` (unless `default`) offers only the tools it names. A
 * model cannot call a tool it is not offered, so a scenario turn that would call one is passed over when the turn
 * for a prompt is chosen (the next matching turn answers instead), on every CLI. With workflows switched off no Workflow
 * tool is offered (cbc 2.117.0's init still lists it), except on the seeds' cbc, whose workflow turn plays and says so
 * (behavior.workflowsOffPlays; pickTurn below).
 */

/** What decides the offered tools. */
export interface ToolOffer {
  disallowed: readonly string[];
  cliFlags?: CliFlags | undefined;
  /** Rule names compare without case (cbc 2.117.0: `--disallowedTools bash` removes Bash). */
  ignoreCase?: boolean | undefined;
  /** The session's listed tools: under `--agent` only they are offered (the agent's tools; capture opt_agent_fgbash_stream_ff). */
  listed?: readonly string[] | undefined;
  /** The profile's workflow switch is on: Workflow is not offered (see pickTurn). */
  workflowsOff?: boolean | undefined;
}

/** Whether the rule `r` is the bare name of `tool` (a whole-tool rule, not a scoped one like `Bash(rm:*)`). */
export function namesTool(r: string, tool: string, ignoreCase?: boolean): boolean {
  return ignoreCase === true ? r.trim().toLowerCase() === tool.toLowerCase() : r.trim() === tool;
}

/** Whether `tool` is offered to the model. */
export function isOffered(tool: string, o: ToolOffer): boolean {
  if (o.disallowed.some((r) => namesTool(r, tool, o.ignoreCase))) return false;
  if (o.workflowsOff === true && tool === 'Workflow') return false;
  if (o.cliFlags?.has('agent') === true && o.listed !== undefined && !o.listed.includes(tool)) return false;
  const only = toolsFlag(o.cliFlags);
  return only === undefined || only.includes('default') || only.includes(tool);
}

/** The tool names a turn's model calls use (the agent tool goes by two names: Agent, and Task on older CLIs). */
export function turnTools(turn: TurnT): string[][] {
  const asks = turn.ask === undefined ? [] : Array.isArray(turn.ask) ? turn.ask : [turn.ask];
  const workflows = turn.workflows ?? (turn.workflow ? [turn.workflow] : []);
  return [
    ...asks.map((a) => [a.tool]),
    ...workflows.map(() => ['Workflow']),
    ...(turn.background ?? []).map((b) => (b.kind === 'bash' ? ['Bash'] : b.kind === 'powershell' ? ['PowerShell'] : ['Agent', 'Task'])),
  ];
}

/** Whether every tool call of `turn` uses a tool the model is offered (one of its names for the agent tool). */
export function turnCallable(turn: TurnT, o: ToolOffer): boolean {
  return turnTools(turn).every((names) => names.some((n) => isOffered(n, o)) && !names.some((n) => o.disallowed.some((r) => namesTool(r, n, o.ignoreCase))));
}

/** The tool names `--tools` gives (comma or space separated; "" offers none), or undefined without the flag. */
function toolsFlag(flags: CliFlags | undefined): string[] | undefined {
  const v = flags?.get('tools');
  if (v === undefined) return undefined;
  if (v === true) return [];
  return (typeof v === 'string' ? [v] : v).flatMap((x) => x.split(/[\s,]+/)).filter((x) => x !== '');
}

/**
 * The scenario turn for a prompt: the first matching turn whose tool calls are all offered. With workflows switched
 * off a workflow turn is passed over, as the real CLIs' model, not offered Workflow, answers otherwise (captures
 * env_disable_workflows_workflow_h8 on cbc, env_claude_disable_workflows_workflow_fy on Claude): the scenario's
 * fallback answers (index -1: the cursor stays), and without one the workflow turn still plays and says workflows
 * are disabled (engine/turn.ts). Undefined: no turn; the caller applies the fallback or `unmatched`.
 */
export function pickTurn(s: ScenarioT, from: number, prompt: string, o: ToolOffer): ReturnType<typeof selectTurn> {
  const offered = selectTurn(s, from, prompt, (t) => turnCallable(t, o));
  if (offered || o.workflowsOff !== true) return offered;
  return s.fallback ? { index: -1, turn: s.fallback } : selectTurn(s, from, prompt, (t) => turnCallable(t, { ...o, workflowsOff: false }));
}
