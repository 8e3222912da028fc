import type { AnyFrameDecl, FrameOf } from './field.js';
import { CONTROL_CANCEL_REQUEST, CONTROL_NOTIFICATION, CONTROL_REQUEST, CONTROL_RESPONSE, ERROR } from './control.js';
import { ASSISTANT, SUBAGENT_USER, USER } from './message.js';
import { JSON_DOCUMENT, RESULT } from './result.js';
import { STREAM_EVENT, USER_REPLAY } from './stream.js';
import {
  BACKGROUND_TASKS_CHANGED,
  COMMAND_LIFECYCLE,
  COMMANDS_CHANGED,
  FILE_HISTORY_SNAPSHOT,
  FILE_HISTORY_SNAPSHOT_STORED,
  HOOK_RESPONSE,
  HOOK_STARTED,
  INFORMATIONAL,
  MODEL_FALLBACK,
  NOTIFICATION,
  PERMISSION_DENIED,
  SESSION_STATE_CHANGED,
  SESSION_TITLE_CHANGED,
  SYSTEM_INIT,
  SYSTEM_STATUS,
  SYSTEM_STATUS_REQUESTING,
  UI_INVALIDATE,
} from './system.js';
import { TASK_NOTIFICATION, TASK_PROGRESS, TASK_STARTED, TASK_UPDATED } from './task.js';

/**
 * Every outbound frame kind, keyed by `type` or `type/subtype` (the key the checker looks a frame up
 * by). Each is declared once in this folder: fields, and per wire dialect the key order.
 */
export const OUTBOUND = {
  'system/init': SYSTEM_INIT,
  command_lifecycle: COMMAND_LIFECYCLE,
  'system/status': SYSTEM_STATUS,
  'system/session_state_changed': SESSION_STATE_CHANGED,
  'system/ui_invalidate': UI_INVALIDATE,
  'system/permission_denied': PERMISSION_DENIED,
  'system/background_tasks_changed': BACKGROUND_TASKS_CHANGED,
  'system/commands_changed': COMMANDS_CHANGED,
  'system/session_title_changed': SESSION_TITLE_CHANGED,
  'system/informational': INFORMATIONAL,
  'system/model_fallback': MODEL_FALLBACK,
  'system/notification': NOTIFICATION,
  'system/hook_started': HOOK_STARTED,
  'system/hook_response': HOOK_RESPONSE,
  'file-history-snapshot': FILE_HISTORY_SNAPSHOT,
  assistant: ASSISTANT,
  user: USER,
  result: RESULT,
  json_document: JSON_DOCUMENT,
  stream_event: STREAM_EVENT,
  error: ERROR,
  control_response: CONTROL_RESPONSE,
  control_request: CONTROL_REQUEST,
  control_cancel_request: CONTROL_CANCEL_REQUEST,
  control_notification: CONTROL_NOTIFICATION,
  'system/task_started': TASK_STARTED,
  'system/task_progress': TASK_PROGRESS,
  'system/task_updated': TASK_UPDATED,
  'system/task_notification': TASK_NOTIFICATION,
} as const satisfies Record<string, AnyFrameDecl>;

/**
 * Frames laid out in their own key order but checked as the OUTBOUND kind of their `type` (whose
 * declaration lists their keys): the --replay-user-messages echo is a `user` frame, Claude's streaming
 * "requesting" status a `system/status`.
 */
export const VARIANTS = {
  'user (replay)': USER_REPLAY,
  'user (sub-agent)': SUBAGENT_USER,
  'file-history-snapshot (stored)': FILE_HISTORY_SNAPSHOT_STORED,
  'system/status (requesting)': SYSTEM_STATUS_REQUESTING,
} as const satisfies Record<string, AnyFrameDecl>;

type Outbound = (typeof OUTBOUND)[keyof typeof OUTBOUND] | (typeof VARIANTS)[keyof typeof VARIANTS];

/** Any frame an emulated CLI writes. */
export type WireFrame = Outbound extends infer D ? (D extends AnyFrameDecl ? FrameOf<D> : never) : never;

export { ROWS } from './task.js';
export { build, keysOf, wireOf, WIRES, type AnyFrameDecl, type Field, type FrameOf, type Wire } from './field.js';
