import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { isRawFrame, str } from '../protocol/raw-frame.js';
import type { ControlFacts, TaskRun } from './events.js';

/** The facts `subtype` needs (ControlFacts), or undefined. */
export function controlFacts(subtype: string, request: Record<string, unknown>, cwd: string, runs: readonly TaskRun[], model: string, midTurn = false): ControlFacts | undefined {
  if (subtype === 'read_file' || subtype === 'register_repo_root') {
    const given = str(request, subtype === 'read_file' ? 'path' : 'directory');
    return given === undefined ? {} : { path: pathFacts(given, cwd, subtype === 'read_file') };
  }
  if (subtype === 'get_task_output') {
    const run = runs.find((r) => r.info.taskId === request['task_id']);
    if (!run) return {};
    return { task: { output: readOr(run.info.outputFile, ''), exitCode: run.exitCode, terminal: run.terminal, kind: run.info.kind } };
  }
  // cbc 2.117.0's set_config writes `model` to its settings: later turns use it (its SetConfigHandler; capture ctl_set_config_model_then_turn_cbc)
  if (subtype === 'apply_flag_settings' || subtype === 'set_config') {
    const settings = request[subtype === 'set_config' ? 'config' : 'settings'];
    const requested = isRawFrame(settings) ? str(settings, 'model') : undefined;
    return requested === undefined ? {} : { model: { requested, previous: model, midTurn } };
  }
  return undefined;
}

function pathFacts(given: string, cwd: string, read: boolean): NonNullable<ControlFacts['path']> {
  const abs = resolve(cwd, given);
  try {
    const st = statSync(abs);
    if (st.isDirectory()) return { given, abs, kind: 'dir' };
    if (!st.isFile()) return { given, abs, kind: 'other' };
    return { given, abs, kind: 'file', bytes: read ? readFileSync(abs) : undefined };
  } catch (err) {
    // the CLI shows node's own message (ENOENT: no such file or directory, open '<abs>')
    const code = err instanceof Error && 'code' in err ? String(err.code) : 'EIO';
    return { given, abs, kind: 'missing', error: code === 'ENOENT' ? `ENOENT: no such file or directory, open '${abs}'` : `${code}: ${abs}` };
  }
}

function readOr(file: string, fallback: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return fallback; // no output written yet
  }
}
