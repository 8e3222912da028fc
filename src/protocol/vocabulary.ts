/**
 * The protocol's vocabulary: every enumeration and mapping of the task/workflow event family, in one
 * place (seed 000 §5, seed 002 §8, the real captures). Engine, profiles, checker, fuzz, report and
 * import read these; nothing else declares a status set or a task_type table.
 *
 * Plain `as const` tuples, not zod: the drop-in's start path imports this module and must not load zod
 * (start-up budget, docs/performance.md). The zod enums built from these tuples are in
 * ./vocabulary-schemas.ts for the checker and the scenario schema.
 */

/** A session id of the real CLIs: a UUID (Claude refuses any other --session-id; both word --resume refusals by it). */
export const SESSION_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` has the shape of a session id (SESSION_ID_PATTERN). */
export const isUuid = (value: string): boolean => SESSION_ID_PATTERN.test(value);

/** The CLIs this project emulates. */
export const CLI_NAMES = ['cbc', 'claude'] as const;
export type CliName = (typeof CLI_NAMES)[number];

/** Names of the shipped profiles (`claude` is an alias of the newest Claude profile, resolved by the registry). */
export const PROFILE_NAMES = ['cbc', 'cbc-2.117.0', 'claude-2.1.220', 'claude-2.1.328'] as const;
export type ProfileName = (typeof PROFILE_NAMES)[number];

/** Task statuses of `task_updated.patch.status` (seed 000 §5.3). */
export const TASK_STATUSES = ['pending', 'running', 'paused', 'completed', 'failed', 'killed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Statuses that end a task (seed 000 §5.3). */
export const TERMINAL_TASK_STATUSES = ['completed', 'failed', 'killed'] as const satisfies readonly TaskStatus[];
export type TerminalTaskStatus = (typeof TERMINAL_TASK_STATUSES)[number];

/** `task_notification.status` (seed 000 §5.4): a killed task notifies `stopped`. */
export const NOTIFICATION_STATUSES = ['completed', 'failed', 'stopped'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

const NOTIFY_OF: Readonly<Record<TerminalTaskStatus, NotificationStatus>> = { completed: 'completed', failed: 'failed', killed: 'stopped' };

/** The notification status of a terminal task status: killed -> stopped, the others unchanged. */
export function notificationStatus(status: TerminalTaskStatus): NotificationStatus {
  return NOTIFY_OF[status];
}

/** Whether a wire status (a task_updated patch status or a notification status) ends a task. */
export function isTerminalStatus(status: unknown): status is TerminalTaskStatus | NotificationStatus {
  return isTerminalTaskStatus(status) || (NOTIFICATION_STATUSES as readonly unknown[]).includes(status);
}

/** Whether a task_updated patch status ends the task. */
export function isTerminalTaskStatus(status: unknown): status is TerminalTaskStatus {
  return (TERMINAL_TASK_STATUSES as readonly unknown[]).includes(status);
}

/** Whether a wire status means the task was stopped (killed in task_updated, stopped in the notification). */
export function isStoppedStatus(status: unknown): boolean {
  return status === 'killed' || status === 'stopped';
}

/** `workflow_agent.state` (seed 000 §5.2); `cached` is cbc's, Claude says `done` + `cached: true`. */
export const AGENT_STATES = ['start', 'done', 'error', 'cached'] as const;
export type AgentState = (typeof AGENT_STATES)[number];

/** Agent states that end an agent (seed 000 §5.2): terminal states are final. */
export const TERMINAL_AGENT_STATES = ['done', 'error', 'cached'] as const satisfies readonly AgentState[];
export type TerminalAgentState = (typeof TERMINAL_AGENT_STATES)[number];

/** Whether a wire agent state ends the agent. */
export function isTerminalAgentState(state: unknown): state is TerminalAgentState {
  return (TERMINAL_AGENT_STATES as readonly unknown[]).includes(state);
}

/** Kinds of background task the engine runs. */
export const TASK_KINDS = ['workflow', 'bash', 'powershell', 'agent'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/** `task_started.task_type` of each task kind, per CLI (cbc: seed 002 §8; Claude: captures wf1, bgbash1, bgagent). */
export const TASK_TYPE: Readonly<Record<CliName, Readonly<Record<TaskKind, string>>>> = {
  cbc: { workflow: 'local_workflow', bash: 'Bash', powershell: 'PowerShell', agent: 'Agent' },
  claude: { workflow: 'local_workflow', bash: 'local_bash', powershell: 'local_bash', agent: 'local_agent' },
};

/** The wire `task_type` of a task kind under a CLI. */
export function taskTypeOf(cli: CliName, kind: TaskKind): string {
  return TASK_TYPE[cli][kind];
}

/** `task_type` values that other producers use for workflows (seed 000 §5.1 says `workflow`; tool names say `Workflow`). */
const WORKFLOW_TYPE_ALIASES = ['workflow', 'Workflow'] as const;

/**
 * The task kind of a wire `task_type`, whichever CLI wrote it; `undefined` for a type this project
 * does not know (tolerated, seed 000 §8). Powershell and bash share Claude's `local_bash`: bash wins.
 */
export function taskKindOf(taskType: unknown): TaskKind | undefined {
  if (typeof taskType !== 'string') return undefined;
  if ((WORKFLOW_TYPE_ALIASES as readonly string[]).includes(taskType)) return 'workflow';
  for (const kind of TASK_KINDS) {
    if (TASK_TYPE.cbc[kind] === taskType || TASK_TYPE.claude[kind] === taskType) return kind;
  }
  return undefined;
}

/** Whether a wire `task_type` names a workflow. */
export function isWorkflowType(taskType: unknown): boolean {
  return taskKindOf(taskType) === 'workflow';
}

/** `system/session_state_changed.state`. */
export const SESSION_STATES = ['running', 'idle', 'requires_action'] as const;
export type SessionState = (typeof SESSION_STATES)[number];

/** The task_* subtypes of the task/workflow event family. */
export const TASK_SUBTYPES = ['task_started', 'task_progress', 'task_updated', 'task_notification'] as const;
export type TaskSubtype = (typeof TASK_SUBTYPES)[number];
