import type { HostRequests } from './host.js';
import { nonEmpty, str, type RawFrame } from '../protocol/raw-frame.js';
import type { CliFlags } from './profile.js';
import type { EngineEvent, TaskRun } from './events.js';
import type { ProfileBehavior } from './profile.js';

/** The part of the session set_model reads and changes. */
export interface ModelState {
  readonly sessionId: string;
  model: string;
  /** The model last named by the user (--model, the environment, set_model); undefined while none was. */
  modelChosen: string | undefined;
  emit(ev: EngineEvent): void;
}

/** The part of the session set_permission_mode reads and changes. */
export interface ModeState {
  readonly sessionId: string;
  permissionMode: string;
  emit(ev: EngineEvent): void;
}

/**
 * Why a session-bound control request is refused (cbc 2.117.0's handlers): before the first turn there is no session
 * ("Session not found"), unless the request names one the subtype can be set for ahead; a named session must be this one.
 */
export function sessionRefusal(b: ProfileBehavior, subtype: string, request: RawFrame, idle: boolean, sessionId: string): { message: string; errorCode?: string | undefined } | undefined {
  const bad = b.controlArgumentError?.(subtype, request); // the argument checks the CLI runs first (Claude: arg-checks.ts)
  if (bad !== undefined) return { message: bad.message, errorCode: bad.code };
  const named = nonEmpty(request, 'session_id');
  const ahead = named !== undefined && b.namedSessionAhead?.has(subtype) === true;
  // cbc 2.117.0's set_permission_mode handler checks the mode before the session (capture ctl_set_permission_mode_idle_invalid_cbc)
  const badMode = subtype === 'set_permission_mode' ? b.rejectPermissionMode(modeText(request), undefined)?.message : undefined;
  if (idle && !ahead && b.sessionBoundBeforeFirstTurn?.has(subtype) === true) return { message: badMode ?? `Session not found: ${named ?? 'current'}` };
  if (!idle && ahead && named !== sessionId) return { message: `Session mismatch: expected ${named}, got ${sessionId}` };
  return undefined;
}

/**
 * Answers a set_model control request and switches the model of the next turns. Before the first turn a request
 * naming a session (namedSessionAhead) is answered for that session, with no previous model (capture ctl_set_model_idle_sid).
 */
export function setModel(s: ModelState, b: ProfileBehavior, requestId: string | undefined, request: RawFrame, idle: boolean): void {
  const named = nonEmpty(request, 'model');
  const asGiven = b.setModelAsGiven;
  if (named === undefined && asGiven) {
    s.emit({ kind: 'control_error', requestId, subtype: 'set_model', reason: 'invalid', message: asGiven.emptyError });
    return;
  }
  const requested = named ?? 'default';
  const previous = s.model;
  const previousChosen = s.modelChosen;
  // cbc 2.117.0 sends the name to the model API as given, "default" included (capture ctl_set_model_default_then_turn)
  s.model = asGiven ? requested : b.resolveModel(requested);
  s.modelChosen = requested;
  const ahead = idle && b.namedSessionAhead?.has('set_model') === true ? nonEmpty(request, 'session_id') : undefined;
  const payload = { kind: 'set_model', model: s.model, requested, previous, previousChosen: ahead ? undefined : previousChosen, sessionId: ahead ?? s.sessionId } as const;
  s.emit({ kind: 'control_success', requestId, payload });
}

/**
 * Whether the run an answer resumes takes the model a set_model just chose (ProfileBehavior.setModelNextCall): a
 * can_use_tool or a tool hook's hook_callback waits (ctl_set_model_pending_permission_h7, ctl_set_model_pending_hook_fd);
 * a turn whose prompt hooks wait keeps the model it started with (ctl_set_model_pending_prompt_hook_fd); cbc 2.117.0 the
 * other way round: its prompt hooks run before the turn opens (ctl_set_model_pending_prompt_hook_fw), a tool hook keeps it.
 */
export function resumesWithNewModel(host: HostRequests, b: ProfileBehavior): boolean {
  if (b.setModelNextCall === undefined || b.setModelNextCall === false) return false;
  // cbc 2.117.0 keeps the old model for a call a hook held (ctl_set_model_pending_hook_fb): can_use_tool only
  // cbc 2.117.0 opens a turn (system/init, its model) after its UserPromptSubmit hooks: one waiting takes the new model too
  const prompt = b.setModelNextCall === 'and-prompt-hooks';
  const hooks = (b.setModelNextCall === 'and-tool-hooks' || prompt) && host.waitingRequests('hook_callback').some((w) => w.request.subtype === 'hook_callback' && (w.request.hookEvent === 'UserPromptSubmit') === prompt);
  return host.waiting('can_use_tool') || hooks;
}

/**
 * Answers a set_permission_mode control request and switches the mode of the next turns. Before the first turn a request
 * naming a session (namedSessionAhead) is answered for that session with no previous mode, and the session that the first
 * turn opens keeps its own mode (cbc 2.117.0, capture ctl_set_permission_mode_idle_sid_cbc).
 */
export function setPermissionMode(s: ModeState, b: ProfileBehavior, requestId: string | undefined, request: RawFrame, idle: boolean, flags: CliFlags | undefined): void {
  const mode = str(request, 'mode');
  const rejected = b.rejectPermissionMode(modeText(request), flags);
  if (rejected) {
    s.emit({ kind: 'control_error', requestId, subtype: 'set_permission_mode', reason: 'invalid', message: rejected.message, errorCode: rejected.code });
    return;
  }
  const ahead = idle && b.namedSessionAhead?.has('set_permission_mode') === true ? nonEmpty(request, 'session_id') : undefined;
  const previous = s.permissionMode;
  if (ahead === undefined) s.permissionMode = mode ?? s.permissionMode;
  const payload = { kind: 'set_permission_mode', mode: mode ?? previous, previous: ahead === undefined ? previous : undefined, sessionId: ahead ?? s.sessionId } as const;
  s.emit({ kind: 'control_success', requestId, payload });
}

/** Answers a stop_task control request: stops the named task, or refuses an unknown id where the CLI does. */
export function stopTask(s: { readonly runs: readonly TaskRun[]; emit(ev: EngineEvent): void }, b: ProfileBehavior, requestId: string | undefined, request: RawFrame): void {
  const id = request['task_id'];
  const run = s.runs.find((r) => r.info.taskId === id);
  if (!run && b.stopUnknownTask === 'ok') return s.emit({ kind: 'control_success', requestId, payload: { kind: 'stop_task' } });
  if (!run) return s.emit({ kind: 'control_error', requestId, subtype: 'stop_task', reason: 'invalid', message: `No task found with ID: ${String(id)}` });
  const stopped = run.kill('stopped by stop_task');
  s.emit({ kind: 'control_success', requestId, payload: { kind: 'stop_task' } }); // claude-code-cli.md §8: the reply follows the task events
  // a stopped agent's own interrupted message (measured on 2.1.328: ctl_stop_task_bg_agent_fd)
  const text = b.interruptTasks?.agentText;
  if (stopped && b.interruptTasks?.stopTaskFollowsUp === true && run.info.kind === 'agent' && text !== undefined) s.emit({ kind: 'subagent_prompt', task: run.info, text });
}

/** The mode a set_permission_mode names, as cbc 2.117.0's error quotes it (a template string: a missing one is "undefined", capture ctl_set_permission_mode_missing_mode_fw). */
const modeText = (request: RawFrame): string => String(request['mode']);
