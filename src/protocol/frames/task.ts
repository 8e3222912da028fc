import { everywhere, frame, list, lit, loose, nested, oneOf } from './field.js';

/**
 * The task events and their timeline rows. Sources: seed 000 §5 and seed 002 §8 (cbc; key order of the
 * shapes the seed declares identical to Claude Code 2.1.220 follows the real 2.1.220 bytes), and the Claude
 * Code captures (wf, wffail, wfstop, stoptask, bgbash; test/golden/key-order.test.ts checks them).
 */

/** Token/tool/duration counters of task_progress and task_notification (seed 000 §5.2). */
export const TASK_USAGE = frame(
  'task usage',
  () => ({ total_tokens: 'num', tool_uses: 'num', duration_ms: 'num' }),
  everywhere(['total_tokens', 'tool_uses', 'duration_ms']),
);

/** task_updated's patch: only the changed fields (seed 000 §5.3). */
export const PATCH = frame('task_updated.patch', () => ({ status: 'str', end_time: 'num', error: 'str' }), everywhere(['status?', 'end_time?', 'error?']));

/** A workflow_phase timeline row (seed 000 §5.2). */
export const PHASE_ROW = frame(
  'workflow_phase row',
  () => ({ type: lit('workflow_phase'), index: 'num', title: 'str' }),
  everywhere(['type', 'index', 'title']),
);

/**
 * A workflow_agent timeline row: seed 000 §5.2's field set for cbc (order of the shared keys per the real
 * 2.1.220 rows; endedAt, cbc-only, after startedAt). Claude's queued rows have no agentId or startedAt.
 */
export const AGENT_ROW = frame(
  'workflow_agent row',
  () => ({
    type: lit('workflow_agent'),
    index: 'num',
    label: 'str',
    phaseIndex: 'num',
    phaseTitle: 'str',
    agentId: 'str',
    model: 'str',
    state: 'str',
    cached: 'bool',
    startedAt: 'num',
    endedAt: 'num',
    queuedAt: 'num',
    attempt: 'num',
    promptPreview: 'str',
    promptFramed: 'bool',
    lastProgressAt: 'num',
    tokens: 'num',
    toolCalls: 'num',
    durationMs: 'num',
    resultPreview: 'str',
    error: 'str',
    endedWithRun: 'str',
  }),
  {
    cbc: ['type', 'index', 'label?', 'phaseIndex?', 'phaseTitle?', 'agentId', 'state', 'startedAt', 'endedAt?', 'tokens?', 'resultPreview?', 'error?'],
    'claude-2.1.220': ['type', 'index', 'label?', 'phaseIndex?', 'phaseTitle?', 'agentId?', 'model?', 'state', 'cached?', 'startedAt?', 'queuedAt?',
      'attempt?', 'promptPreview?', 'lastProgressAt?', 'tokens?', 'toolCalls?', 'durationMs?', 'resultPreview?', 'error?'],
    'claude-2.1.328': ['type', 'index', 'label?', 'phaseIndex?', 'phaseTitle?', 'agentId?', 'model?', 'state', 'cached?', 'startedAt?', 'queuedAt?',
      'attempt?', 'promptPreview?', 'promptFramed?', 'lastProgressAt?', 'tokens?', 'toolCalls?', 'durationMs?', 'resultPreview?', 'error?',
      'endedWithRun?'],
  },
);

/** Timeline rows by their `type`; rows of other types are tolerated (seed 000 §7, §8). */
export const ROWS = { workflow_phase: PHASE_ROW, workflow_agent: AGENT_ROW } as const;

/** system/task_started: cbc omits `prompt` (seed 000 §5.1); 2.1.328 adds run_id, is_backgrounded, spawn_depth. */
export const TASK_STARTED = frame(
  'system/task_started',
  () => ({
    type: lit('system'),
    subtype: lit('task_started'),
    task_id: 'str',
    run_id: 'str',
    tool_use_id: 'str',
    description: 'str',
    subagent_type: 'str',
    is_backgrounded: 'bool',
    spawn_depth: 'num',
    task_type: 'str',
    workflow_name: 'str',
    prompt: 'str',
    uuid: 'str',
    session_id: 'str',
  }),
  {
    cbc: ['type', 'subtype', 'task_id', 'tool_use_id?', 'description', 'task_type', 'workflow_name?', 'uuid', 'session_id'],
    'claude-2.1.220': ['type', 'subtype', 'task_id', 'tool_use_id?', 'description', 'subagent_type?', 'task_type', 'workflow_name?', 'prompt?',
      'uuid', 'session_id'],
    'claude-2.1.328': ['type', 'subtype', 'task_id', 'run_id?', 'tool_use_id?', 'description', 'subagent_type?', 'is_backgrounded?', 'spawn_depth?',
      'task_type', 'workflow_name?', 'prompt?', 'uuid', 'session_id'],
  },
);

/** system/task_progress (seed 000 §5.2, seed 002 §8: last_tool_name optional); rows are checked one by one. */
export const TASK_PROGRESS = frame(
  'system/task_progress',
  () => ({
    type: lit('system'),
    subtype: lit('task_progress'),
    task_id: 'str',
    run_id: 'str',
    tool_use_id: 'str',
    description: 'str',
    subagent_type: 'str',
    usage: nested(TASK_USAGE),
    last_tool_name: 'str',
    summary: 'str',
    workflow_progress: loose('typedList', list(oneOf(PHASE_ROW, AGENT_ROW))),
    uuid: 'str',
    session_id: 'str',
  }),
  {
    cbc: ['type', 'subtype', 'task_id', 'tool_use_id?', 'description', 'usage', 'last_tool_name?', 'workflow_progress?', 'uuid', 'session_id'],
    'claude-2.1.220': ['type', 'subtype', 'task_id', 'tool_use_id?', 'description', 'subagent_type?', 'usage', 'last_tool_name?', 'summary?',
      'workflow_progress?', 'uuid', 'session_id'],
    'claude-2.1.328': ['type', 'subtype', 'task_id', 'run_id?', 'tool_use_id?', 'description', 'subagent_type?', 'usage', 'last_tool_name?',
      'summary?', 'workflow_progress?', 'uuid', 'session_id'],
  },
);

/** system/task_updated: seed 002 §8's cbc example has a top-level status after the patch. */
export const TASK_UPDATED = frame(
  'system/task_updated',
  () => ({ type: lit('system'), subtype: lit('task_updated'), task_id: 'str', run_id: 'str', patch: nested(PATCH), status: 'str', uuid: 'str', session_id: 'str' }),
  {
    cbc: ['type', 'subtype', 'task_id', 'patch', 'status?', 'uuid', 'session_id'],
    'claude-2.1.220': ['type', 'subtype', 'task_id', 'patch', 'uuid', 'session_id'],
    'claude-2.1.328': ['type', 'subtype', 'task_id', 'run_id?', 'patch', 'uuid', 'session_id'],
  },
);

/** system/task_notification: seed 002 §8's cbc example order (no uuid); Claude per the captures. */
export const TASK_NOTIFICATION = frame(
  'system/task_notification',
  () => ({
    type: lit('system'),
    subtype: lit('task_notification'),
    task_id: 'str',
    run_id: 'str',
    tool_use_id: 'str',
    status: 'str',
    summary: 'str',
    output_file: 'str',
    output_stderr_file: 'str',
    summary_is_report: 'bool',
    usage: nested(TASK_USAGE),
    uuid: 'str',
    session_id: 'str',
  }),
  {
    cbc: ['type', 'subtype', 'task_id', 'tool_use_id?', 'status', 'summary', 'output_file', 'output_stderr_file?', 'usage?', 'session_id'],
    'claude-2.1.220': ['type', 'subtype', 'task_id', 'tool_use_id?', 'status', 'output_file', 'summary', 'usage?', 'uuid', 'session_id'],
    'claude-2.1.328': ['type', 'subtype', 'task_id', 'run_id?', 'tool_use_id?', 'status', 'output_file', 'summary', 'summary_is_report?', 'usage?',
      'uuid', 'session_id'],
  },
);
