/**
 * Temporal rules of the task/workflow event family, as executable checks over a stdout transcript.
 * Each rule id cites its source; unknown frames, fields and row types are tolerated (seed 000 §7/§8:
 * consumers MUST ignore what they do not recognise), so they are never violations.
 */
export interface Violation {
  rule: string;
  /** 1-based line of the offending frame. */
  line: number;
  message: string;
}

export interface RuleOptions {
  /** Grace window (ms) in which late rows may follow a stopped notification (seed 000 §6; default 5000). */
  graceMs?: number;
}

type Frame = Record<string, any>;

interface TaskState {
  startedLine: number;
  terminalUpdateLine?: number;
  terminalStatus?: string;
  endTime?: number;
  notifiedLine?: number;
  notifyStatus?: string;
  /** agent index -> last state seen */
  agents: Map<number, string>;
  /** agent indexes seen in a terminal state at least once */
  terminalSeen: Set<number>;
  cached: Set<number>;
}

const TERMINAL_AGENT = new Set(['done', 'error', 'cached']);
const TERMINAL_TASK = new Set(['completed', 'failed', 'killed', 'stopped']);

/** Checks one transcript (frames in order, with their line numbers). */
export function checkFrames(frames: Array<{ line: number; frame: Frame }>, opts: RuleOptions = {}): Violation[] {
  const grace = opts.graceMs ?? 5000;
  const out: Violation[] = [];
  const tasks = new Map<string, TaskState>();
  const v = (rule: string, line: number, message: string) => out.push({ rule, line, message });
  let openTurns = 0;

  for (const { line, frame: f } of frames) {
    if (f['type'] === 'system' && f['subtype'] === 'init') openTurns++;
    if (f['type'] === 'result') {
      // seed 002 §7 / claude-agent-sdk.md §7 req. 6: exactly one result per turn
      if (openTurns === 0) v('turn.one-result', line, 'a result without a turn in progress (a second result for one turn?)');
      else openTurns--;
      if (f['is_error'] === true && f['subtype'] !== 'success' && !Array.isArray(f['errors'])) {
        v('result.error-has-errors', line, `error result (${String(f['subtype'])}) without an errors array; the Claude SDK crashes on it`);
      }
    }
    if (f['type'] !== 'system' || typeof f['task_id'] !== 'string') continue;
    const id = f['task_id'] as string;
    const t = tasks.get(id);
    switch (f['subtype']) {
      case 'task_started':
        if (t) v('task.started.once', line, `task ${id} started twice (first at line ${t.startedLine})`);
        else tasks.set(id, { startedLine: line, agents: new Map(), terminalSeen: new Set(), cached: new Set() });
        break;
      case 'task_progress': {
        if (!t) {
          v('task.started.first', line, `task_progress for ${id} before its task_started`);
          break;
        }
        const rows: Frame[] = Array.isArray(f['workflow_progress']) ? f['workflow_progress'] : [];
        if (t.notifiedLine !== undefined) {
          // seed 000 §4.3.4 / §6: after the notification only late rows flipping start -> error may come
          if (t.notifyStatus !== 'stopped') v('task.progress.after-terminal', line, `task_progress for ${id} after its ${t.notifyStatus} notification (line ${t.notifiedLine})`);
          for (const r of rows) {
            if (r['type'] !== 'workflow_agent') continue;
            const prev = t.agents.get(r['index']);
            if (prev !== undefined && prev !== r['state'] && !(prev === 'start' && r['state'] === 'error')) {
              v('interrupt.late-rows.only-start-to-error', line, `agent ${r['index']} (${r['label']}) went ${prev} -> ${r['state']} after the notification`);
            }
            if (prev === 'start' && r['state'] === 'error' && typeof r['endedAt'] === 'number' && t.endTime !== undefined && r['endedAt'] - t.endTime > grace) {
              v('interrupt.late-rows.within-grace', line, `agent ${r['index']} aborted ${r['endedAt'] - t.endTime} ms after end_time (grace ${grace} ms)`);
            }
          }
        }
        for (const r of rows) {
          if (r['type'] !== 'workflow_agent' || typeof r['index'] !== 'number') continue;
          const prev = t.agents.get(r['index']);
          if (prev !== undefined && TERMINAL_AGENT.has(prev) && prev !== r['state'] && !(r['cached'] === true)) {
            v('workflow.agent.terminal-is-final', line, `agent ${r['index']} (${r['label']}) left terminal state ${prev} for ${r['state']}`);
          }
          t.agents.set(r['index'], r['state']);
          if (TERMINAL_AGENT.has(r['state'])) t.terminalSeen.add(r['index']);
          if (r['state'] === 'cached' || r['cached'] === true) t.cached.add(r['index']);
        }
        break;
      }
      case 'task_updated': {
        if (!t) {
          v('task.started.first', line, `task_updated for ${id} before its task_started`);
          break;
        }
        const status = f['patch']?.['status'];
        if (t.terminalStatus !== undefined && TERMINAL_TASK.has(status)) v('task.status.transitions', line, `task ${id} reached terminal status ${status} after ${t.terminalStatus}`);
        if (TERMINAL_TASK.has(status)) {
          t.terminalStatus = status;
          t.terminalUpdateLine = line;
          t.endTime = f['patch']?.['end_time'];
          if (typeof t.endTime !== 'number') v('task.updated.terminal-end-time', line, `terminal task_updated for ${id} without patch.end_time`);
          // seed 000 §6: every non-cached agent reached a terminal state before the run's terminal event (not on the interrupt path)
          if (status !== 'killed') {
            for (const [idx] of t.agents) {
              if (!t.cached.has(idx) && !t.terminalSeen.has(idx)) {
                v('workflow.agents.terminal-before-task-terminal', line, `task ${id} ended ${status} while agent ${idx} never reported a terminal state`);
              }
            }
          }
        }
        break;
      }
      case 'task_notification': {
        if (!t) {
          v('task.started.first', line, `task_notification for ${id} before its task_started`);
          break;
        }
        if (t.notifiedLine !== undefined) {
          v('task.notification.once', line, `second task_notification for ${id} (first at line ${t.notifiedLine}); seed 000 §8 promises exactly one`);
          break;
        }
        t.notifiedLine = line;
        t.notifyStatus = f['status'];
        if (t.terminalUpdateLine === undefined) v('task.notification.after-terminal-update', line, `task_notification for ${id} before a terminal task_updated`);
        const expected = t.terminalStatus === 'killed' ? 'stopped' : t.terminalStatus;
        if (expected !== undefined && f['status'] !== expected) v('task.notification.status', line, `notification status ${f['status']} does not match task_updated ${t.terminalStatus}`);
        break;
      }
    }
  }
  // seed 000 §8: each task gets exactly one notification (terminal-only task_updated is legal for background tasks, seed 002 §8)
  for (const [id, t] of tasks) {
    if (t.notifiedLine === undefined && t.terminalUpdateLine === undefined) {
      v('task.terminal.reached', t.startedLine, `task ${id} never reached a terminal state`);
    }
  }
  return out;
}

/** Parses an ndjson transcript and checks it. Blank lines are skipped; a non-JSON line is a violation. */
export function checkTranscript(text: string, opts: RuleOptions = {}): Violation[] {
  const frames: Array<{ line: number; frame: Frame }> = [];
  const out: Violation[] = [];
  const lines = text.split('\n');
  lines.forEach((l, i) => {
    if (l === '' && i === lines.length - 1) return;
    try {
      const f = JSON.parse(l);
      if (!f || typeof f !== 'object' || Array.isArray(f)) out.push({ rule: 'frame.one-json-per-line', line: i + 1, message: 'line is JSON but not an object' });
      else frames.push({ line: i + 1, frame: f });
    } catch {
      out.push({ rule: 'frame.one-json-per-line', line: i + 1, message: 'line is not JSON (stdout must carry protocol frames only)' });
    }
  });
  if (text !== '' && !text.endsWith('\n')) out.push({ rule: 'frame.one-json-per-line', line: lines.length, message: 'last frame is not terminated by \\n (torn line)' });
  return [...out, ...checkFrames(frames, opts)].sort((a, b) => a.line - b.line);
}
