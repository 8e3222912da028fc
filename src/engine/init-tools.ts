import type { Profile } from './profile.js';
import type { SessionState } from '../protocol/vocabulary.js';
import type { RuleBook } from './rule-book.js';
import type { SessionOptions, TurnHost } from './turn-host.js';

/** Sessions whose schema came from initialize, not --json-schema (Claude lists StructuredOutput elsewhere then). */
const fromInitialize = new WeakSet<SessionOptions>();

/** The tools system/init lists for a session's options (the profile decides; --json-schema adds StructuredOutput on Claude). */
export function sessionTools(o: SessionOptions, p: Profile, model: string, rules?: RuleBook): string[] {
  const launched = o.disallowedTools ?? [];
  return p.behavior.initTools({
    disallowed: launched,
    deniedLater: rules?.list('deny').filter((r) => !launched.includes(r)),
    hostAnswersPrompts: o.permissionPromptStdio === true,
    disableWorkflows: o.disableWorkflows === true,
    structuredOutput: o.jsonSchema === undefined ? false : fromInitialize.has(o) ? 'initialize' : true,
    cliFlags: o.cliFlags,
    agent: o.agent,
    model,
  });
}

/**
 * The initialize request's `jsonSchema` (the SDK's outputFormat) where the profile honours it: the session then runs as
 * with --json-schema from its next turn on (a later one replaces an earlier). Returns whether the schema changed.
 * Measured: Claude lists StructuredOutput and reminds the model to call it; cbc 2.117.0 ignores the field
 * (captures ctl_initialize_json_schema_h3).
 */
export function adoptInitializeSchema(o: SessionOptions, p: Profile, request: Readonly<Record<string, unknown>>): boolean {
  const schema = request['jsonSchema'];
  if (p.behavior.initializeJsonSchema !== true || schema === null || typeof schema !== 'object') return false;
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
