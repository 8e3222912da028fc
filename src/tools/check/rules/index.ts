import type { Rule } from '../types.js';
import { controlResponsePerRequest } from './control-response-per-request.js';
import { frameOneJsonPerLine } from './frame-one-json-per-line.js';
import { hostRequestAnswered } from './host-request-answered.js';
import { frameSchemaKeys } from './frame-schema-keys.js';
import { frameSchema } from './frame-schema.js';
import { interruptAckBeforeKilled } from './interrupt-ack-before-killed.js';
import { interruptLateRowsOnlyStartToError } from './interrupt-late-rows-only-start-to-error.js';
import { interruptLateRowsWithinGrace } from './interrupt-late-rows-within-grace.js';
import { resultErrorHasErrors } from './result-error-has-errors.js';
import { stdoutNoForeignBytes } from './stdout-no-foreign-bytes.js';
import { taskNotificationAfterTerminalUpdate } from './task-notification-after-terminal-update.js';
import { taskNotificationOnce } from './task-notification-once.js';
import { taskNotificationStatus } from './task-notification-status.js';
import { taskProgressAfterTerminal } from './task-progress-after-terminal.js';
import { taskStartedFirst } from './task-started-first.js';
import { taskStartedOnce } from './task-started-once.js';
import { taskStatusTransitions } from './task-status-transitions.js';
import { taskTerminalReached } from './task-terminal-reached.js';
import { taskUpdatedTerminalEndTime } from './task-updated-terminal-end-time.js';
import { toleranceUnknown } from './tolerance-unknown.js';
import { turnOneResult } from './turn-one-result.js';
import { workflowAgentTerminalIsFinal } from './workflow-agent-terminal-is-final.js';
import { workflowAgentsTerminalBeforeTaskTerminal } from './workflow-agents-terminal-before-task-terminal.js';
import { workflowSnapshotReplaces } from './workflow-snapshot-replaces.js';
import { workflowTerminalNotified } from './workflow-terminal-notified.js';

/** Every rule, in catalogue order (docs/rules.md). */
export const RULES: readonly Rule[] = [
  frameOneJsonPerLine,
  stdoutNoForeignBytes,
  frameSchema,
  frameSchemaKeys,
  toleranceUnknown,
  turnOneResult,
  resultErrorHasErrors,
  controlResponsePerRequest,
  hostRequestAnswered,
  taskStartedFirst,
  taskStartedOnce,
  taskStatusTransitions,
  taskUpdatedTerminalEndTime,
  taskProgressAfterTerminal,
  taskNotificationOnce,
  taskNotificationAfterTerminalUpdate,
  taskNotificationStatus,
  taskTerminalReached,
  workflowTerminalNotified,
  workflowSnapshotReplaces,
  workflowAgentTerminalIsFinal,
  workflowAgentsTerminalBeforeTaskTerminal,
  interruptAckBeforeKilled,
  interruptLateRowsOnlyStartToError,
  interruptLateRowsWithinGrace,
];
