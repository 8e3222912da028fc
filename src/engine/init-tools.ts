import type { Profile } from './profile.js';
import { asksPromptTool } from './prompt-tool.js';
import type { SessionState } from '../protocol/vocabulary.js';
import type { RuleBook } from './rule-book.js';
import type { SessionOptions, TurnHost } from './turn-host.js';

/** What an initialize request may change of a session. */
interface InitializedSession {
  readonly o: SessionOptions;
  readonly p: Profile;
  model: string;
  readonly modelChosen: string | undefined;
}

/** Sessions whose schema came from initialize, not --json-schema (Claude lists StructuredOutput elsewhere then). */
const fromInitialize = new WeakSet<SessionOptions>();
/** The agents a session's initialize request defined: --agent may name one of them (its tools narrow the list). */
const hostAgents = new WeakMap<SessionOptions, unknown>();

/** The tools system/init lists for a session's options (the profile decides; --json-schema adds StructuredOutput on Claude). */
export function sessionTools(o: SessionOptions, p: Profile, model: string, rules?: RuleBook): string[] {
  const launched = o.disallowedTools ?? [];
  return p.behavior.initTools({
    disallowed: launched,
    deniedLater: rules?.list('deny').filter((r) => !launched.includes(r)),
    hostAnswersPrompts: o.permissionPromptStdio === true || asksPromptTool({ o, p }),
    disableWorkflows: o.disableWorkflows === true,
    structuredOutput: o.jsonSchema === undefined ? false : fromInitialize.has(o) ? 'initialize' : true,
    cliFlags: o.cliFlags,
    agent: o.agent,
    hostAgents: hostAgents.get(o),
    model,
  });
}

/**
 * The initialize request's `jsonSchema` (the SDK's outputFormat) where the profile honours it: the session then runs as
 * with --json-schema from its next turn on (a later one replaces an earlier); and its `agents`, one of which --agent
 * may name. Returns whether the tool list may have changed.
 * Measured: Claude lists StructuredOutput and reminds the model to call it; cbc 2.117.0 ignores the field
 * (captures ctl_initialize_json_schema_h3).
 */
export function adoptInitializeSchema(s: InitializedSession, request: Readonly<Record<string, unknown>>): boolean {
  const { o, p } = s;
  // the agents it defines, where --agent names one (capture opt_agent_initialize_agents_ff: its tools narrow the list;
  // opt_agent_initialize_model_ff: its model is the session's when none was named)
  const agents = o.agent !== undefined && request['agents'] !== undefined;
  if (agents) hostAgents.set(o, request['agents']);
  const agentModel = agents && s.modelChosen === undefined ? p.behavior.agentModel?.(o.cliFlags ?? new Map(), o.agent, request['agents']) : undefined;
  if (agentModel !== undefined) s.model = p.behavior.resolveModel(agentModel);
  const schema = request['jsonSchema'];
  if (p.behavior.initializeJsonSchema !== true || schema === null || typeof schema !== 'object') return agents;
  if (o.jsonSchema === undefined || fromInitialize.has(o)) fromInitialize.add(o);
  o.jsonSchema = schema;
  return true;
}

/**
 * The session's state as an initialize reply reports it (Claude 2.1.328's session_state): a permission prompt waiting,
 * a turn running, or idle (capture ctl_initialize_mid_first_turn_h6: "running").
 */
export function sessionStateNow(s: Pick<TurnHost, 'active' | 'host'>): SessionState {
  return s.active === undefined ? 'idle' : s.host.waiting('can_use_tool') ? 'requires_action' : 'running';
}
