import type { CliFlags } from '../../engine/profile.js';
import { flagText } from './flags.js';

/**
 * `--agent <name>` selecting one of --agents' own definitions (those of agent files folded in: dropin/agent-files.ts)
 * or one the initialize request defined, for the main thread (issue #16, captures opt_agent_stream_h7,
 * opt_agent_file_stream_ff, opt_agent_initialize_agents_ff). Read from Claude Code's start-up and headless tool refresh (2.1.220 and 2.1.328 alike): the
 * agent is found by name (or as `<plugin>:<name>`), its `tools` / `disallowedTools` narrow the session's tools the way
 * a sub-agent's are resolved, and its `model` (unless `inherit`) is the session's model when --model names none.
 * A built-in agent (general-purpose: every tool; capture opt_agent) and an unknown name change nothing.
 */
export interface MainAgent {
  tools?: readonly string[];
  disallowedTools?: readonly string[];
  model?: string;
}

/** The --agents definition --agent names, or undefined. */
export function mainAgent(flags: CliFlags | undefined, agent: string | undefined, hostAgents?: unknown): MainAgent | undefined {
  const name = agent ?? flagText(flags, 'agent');
  if (name === undefined) return undefined;
  // the initialize request's definition wins over --agents' (capture opt_agent_initialize_and_json_ff)
  return definition(hostAgents, name) ?? definition(parsedAgents(flagText(flags, 'agents')), name) ?? BUILT_IN[name];
}

/**
 * Its read-only built-in agents (read from their definitions; capture opt_agent_builtin_explore_stream_ff): no agent
 * tool, no editing. general-purpose and the rest keep every tool (capture opt_agent).
 */
const READ_ONLY: MainAgent = { disallowedTools: ['Agent', 'ExitPlanMode', 'Edit', 'Write', 'NotebookEdit'] };
const BUILT_IN: Readonly<Record<string, MainAgent>> = { Explore: READ_ONLY, Plan: READ_ONLY };

/** --agents' JSON (an unreadable one is refused at start or defines none). */
function parsedAgents(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The definition of `name` in an `{name: {...}}` object. */
function definition(parsed: unknown, name: string): MainAgent | undefined {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const defs = parsed as Record<string, unknown>;
  const key = name in defs ? name : Object.keys(defs).find((k) => k.endsWith(`:${name}`));
  const def = key === undefined ? undefined : defs[key];
  if (typeof def !== 'object' || def === null) return undefined;
  const d = def as Record<string, unknown>;
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined);
  const tools = strings(d['tools']);
  const disallowedTools = strings(d['disallowedTools']);
  return {
    ...(tools !== undefined ? { tools } : {}),
    ...(disallowedTools !== undefined ? { disallowedTools } : {}),
    ...(typeof d['model'] === 'string' ? { model: d['model'] } : {}),
  };
}

/** Whether the main agent leaves --json-schema's StructuredOutput tool offered (without it no schema is enforced). */
export function agentKeepsSchemaTool(flags: CliFlags | undefined, agent: string | undefined): boolean {
  return agentTools(['StructuredOutput'], mainAgent(flags, agent)).includes('StructuredOutput');
}

/** The model the main agent names for the session (none for `inherit`). */
export function mainAgentModel(flags: CliFlags | undefined, agent: string | undefined, hostAgents?: unknown): string | undefined {
  const model = mainAgent(flags, agent, hostAgents)?.model;
  return model === undefined || model === 'inherit' || model === '' ? undefined : model;
}

/** A permission rule's tool name (`Bash(git *)` -> Bash), Task under its internal name Agent. */
const toolOf = (rule: string): string => {
  const name = rule.replace(/\(.*$/s, '').trim();
  return name === 'Task' ? 'Agent' : name;
};
const internal = (tool: string): string => (tool === 'Task' ? 'Agent' : tool);

/**
 * The tools the session offers under the main agent (Claude Code's agent tool resolver, as it runs for the main
 * thread): the agent's disallowed tools leave (a rule with a pattern removes its whole tool); no `tools` or a `*`
 * keeps the rest in their order; otherwise the named tools that are offered, in the agent's order, then Glob and
 * Grep when named and no Bash came through (they are built into Bash otherwise). --json-schema's StructuredOutput is
 * one of the tools filtered (capture opt_agent_json_schema_stream_ff: the agent's [Read] alone, no schema enforced);
 * the initialize request's, added after the filter, stays (claudeTools).
 */
export function agentTools(listed: readonly string[], agent: MainAgent | undefined): string[] {
  if (agent === undefined) return [...listed];
  const denied = new Set((agent.disallowedTools ?? []).map(toolOf));
  // Monitor watches Bash commands: it leaves with Bash, as with --disallowedTools (capture opt_agent_disallowed_stream_ff)
  if (denied.has('Bash')) denied.add('Monitor');
  const offered = listed.filter((t) => !denied.has(internal(t)));
  if (agent.tools === undefined || agent.tools.some((t) => t.trim() === '*')) return offered;
  const out: string[] = [];
  const unmatched: string[] = [];
  for (const rule of agent.tools) {
    const name = toolOf(rule);
    // `mcp__<server>` or `mcp__<server>__*`: every tool of that server
    const mcp = /^mcp__(.+?)(__\*)?$/.exec(name);
    if (mcp?.[1] !== undefined && (mcp[2] !== undefined || !mcp[1].includes('__'))) {
      for (const t of offered) if (t.startsWith(`mcp__${mcp[1]}__`) && !out.includes(t)) out.push(t);
      continue;
    }
    const hit = offered.find((t) => internal(t) === name);
    if (hit !== undefined) {
      if (!out.includes(hit)) out.push(hit);
    } else unmatched.push(name);
  }
  const search = out.includes('Bash') ? [] : unmatched.filter((t) => (t === 'Glob' || t === 'Grep') && !denied.has(t));
  return [...new Set([...out, ...search])];
}
