import type { TaskInfo } from './events.js';
import { callHook } from './hook-call.js';
import { hookIds } from './hook-match.js';
import type { TurnHost } from './turn-host.js';

/*
 * Claude Code's SubagentStart / SubagentStop hooks around a background sub-agent (issue #16; measured on both versions:
 * req_hook_callback_subagent_{start,stop}_bg_agent_fv): SubagentStart once its task started, before the launch's tool
 * result; SubagentStop once its last message is out, before its task ends. The matcher is tested against the agent type.
 * Where the profile fires them (PreToolHookPolicy.subagentHooks).
 */

type Event = 'SubagentStart' | 'SubagentStop';

/** Asks the event's hooks for the agent one after the other, then `then`. */
function fireAll(s: TurnHost, event: Event, info: TaskInfo, extra: { lastMessage?: string }, then: () => void): void {
  const type = info.subagentType ?? 'general-purpose';
  const ids = info.kind === 'agent' && s.p.behavior.preToolHook.subagentHooks === true ? hookIds(s.hooks, event, type, s.p.behavior.hookMatcher) : [];
  const stop = event === 'SubagentStop';
  const agent = {
    id: info.taskId,
    type,
    // the sub-agent's own transcript beside the session's, and the tasks still live (itself, running)
    transcriptPath: stop ? `${s.transcriptPath.replace(/\.jsonl$/, '')}/subagents/agent-${info.taskId}.jsonl` : undefined,
    backgroundTasks: stop ? [{ id: info.taskId, type: 'subagent', status: 'running', description: info.description, agent_type: type }] : undefined,
  };
  const fire = (i: number): void => {
    const id = ids[i];
    if (id === undefined) return then();
    callHook(s, { subtype: 'hook_callback', callbackId: id, hookEvent: event, agent, stopActive: stop ? false : undefined, lastMessage: extra.lastMessage }, 60_000, () => fire(i + 1));
  };
  fire(0);
}

/** A background sub-agent started: its SubagentStart hooks, then `then` (the launch's tool result). */
export function subagentStarted(s: TurnHost, info: TaskInfo, then: () => void): void {
  fireAll(s, 'SubagentStart', info, {}, then);
}

/** A background sub-agent wrote its last message: its SubagentStop hooks, then `then` (its task ends). */
export function subagentStopping(s: TurnHost, info: TaskInfo, lastMessage: string, then: () => void): void {
  fireAll(s, 'SubagentStop', info, { lastMessage }, then);
}
