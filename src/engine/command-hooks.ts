import type * as ChildProcess from 'node:child_process';
import { requireLazily } from '../require.js';
import type { RawFrame } from '../protocol/raw-frame.js';
import type { HostRequestBody } from './events.js';
import type { HostAnswer } from './host.js';
import { hookIds, sessionStartSource } from './hook-match.js';
import type { TurnHost } from './turn-host.js';

// node:child_process is loaded when a settings command hook first runs, not at start-up (it costs ~3.5 ms of the
// drop-in's start, issue #21's budget); a static import would load it for every run
const childProcess = (): typeof ChildProcess => requireLazily('node:child_process') as typeof ChildProcess;

/*
 * Command hooks from the settings (`hooks: {Event: [{matcher?, hooks: [{type: "command", command, timeout?}]}]}`; issue #16,
 * measured on Claude Code 2.1.220 and 2.1.328: opt_include_hook_events_settings_hook_ft, opt_settings_hook_*_fc). They run for
 * real, as the CLI runs them: the command through `sh -c` in the session's cwd with the hook's input JSON on stdin; exit 0
 * lets things go on (a JSON object on stdout is read as the hook's answer, like an SDK callback's), exit 2 blocks (its
 * stderr is the reason), any other exit is a non-blocking error. Each run is announced as system/hook_started and
 * system/hook_response (written with --include-hook-events). Settings hooks join the hook table the SDK's initialize
 * registers, ahead of its callbacks, under ids no host can send (the steps that ask hooks need no second path).
 */

/** The id prefix of a settings command hook in the hook table (a NUL no JSON-RPC callback id of an SDK carries). */
const PREFIX = '\u0000command:';
/** The answer key that carries a blocking error's text: a PreToolUse refusal shows it as it is (pre-tool-hooks.ts), a blocked prompt's notice quotes it (prompt-hooks.ts). */
export const BLOCKING_ERROR = '\u0000blockingError';
/** Claude Code's default command hook timeout (60 s). */
const DEFAULT_TIMEOUT_MS = 60_000;

interface CommandHook {
  command: string;
  timeoutMs: number;
}

/** The hook table with the settings' command hooks ahead of the host's callbacks, per event. */
export function withCommandHooks(host: unknown, settings: unknown): unknown {
  if (settings === null || typeof settings !== 'object') return host;
  const table: Record<string, unknown[]> = {};
  for (const [event, list] of Object.entries(settings as Record<string, unknown>)) {
    if (!Array.isArray(list)) continue;
    for (const m of list as unknown[]) {
      const entry = m !== null && typeof m === 'object' ? (m as Record<string, unknown>) : {};
      const ids = (Array.isArray(entry['hooks']) ? (entry['hooks'] as unknown[]) : []).flatMap((h) => {
        const hook = h !== null && typeof h === 'object' ? (h as Record<string, unknown>) : {};
        if (hook['type'] !== 'command' || typeof hook['command'] !== 'string') return [];
        const timeoutMs = typeof hook['timeout'] === 'number' && hook['timeout'] > 0 ? hook['timeout'] * 1000 : DEFAULT_TIMEOUT_MS;
        return [PREFIX + JSON.stringify({ command: hook['command'], timeoutMs } satisfies CommandHook)];
      });
      if (ids.length > 0) (table[event] ??= []).push({ ...(typeof entry['matcher'] === 'string' ? { matcher: entry['matcher'] } : {}), hookCallbackIds: ids });
    }
  }
  if (Object.keys(table).length === 0) return host;
  const hostTable = host !== null && typeof host === 'object' ? (host as Record<string, unknown>) : {};
  const merged: Record<string, unknown> = { ...hostTable };
  for (const [event, list] of Object.entries(table)) merged[event] = [...list, ...(Array.isArray(hostTable[event]) ? (hostTable[event] as unknown[]) : [])];
  return merged;
}

/** The session's hook table: the host's callbacks, with the settings' command hooks where the profile runs them. */
export function hookTable(s: { o: { settingsHooks?: unknown }; p: { behavior: { settingsCommandHooks?: boolean } } }, host: unknown): unknown {
  return s.p.behavior.settingsCommandHooks === true ? withCommandHooks(host, s.o.settingsHooks) : host;
}

/** Sessions whose SessionStart hooks ran. */
const started = new WeakSet<object>();

/**
 * The settings' SessionStart command hooks, once, as the session opens, before any input is answered (measured:
 * opt_settings_hook_stop_fc, _session_start_stream_fc: before system/init, before the initialize reply); then `then`.
 */
export function settingsSessionStartHooks(s: TurnHost, then: () => void): void {
  if (started.has(s)) return then();
  started.add(s);
  // a matcher is tested against the source (Claude: captures opt_settings_hook_session_start_{resume,startup}_matcher_l9)
  const ids = hookIds(s.hooks, 'SessionStart', sessionStartSource(s.o), s.p.behavior.hookMatcher).filter(isCommandHook);
  const fire = (i: number): void => {
    const id = ids[i];
    if (id === undefined) return then();
    runCommandHook(s, { subtype: 'hook_callback', callbackId: id, hookEvent: 'SessionStart' }, () => fire(i + 1));
  };
  fire(0);
}

/** A hook's name as Claude Code shows it: `<event>:<tool>` for a tool's hooks, `SessionStart:startup`, else the event. */
export function hookDisplayName(body: { hookEvent: string; toolName?: string | undefined }): string {
  return body.toolName !== undefined ? `${body.hookEvent}:${body.toolName}` : body.hookEvent === 'SessionStart' ? 'SessionStart:startup' : body.hookEvent;
}

/** Whether a hook table id names a settings command hook. */
export const isCommandHook = (id: string): boolean => id.startsWith(PREFIX);

/** Runs the command hook `body` names and answers as a host would (`done` on the next tick of the virtual clock). */
export function runCommandHook(s: TurnHost, body: Extract<HostRequestBody, { subtype: 'hook_callback' }>, done: (a: HostAnswer) => void): void {
  const hook = JSON.parse(body.callbackId.slice(PREFIX.length)) as CommandHook;
  const hookName = hookDisplayName(body);
  const hookId = s.o.rng.uuid();
  s.emit({ kind: 'hook_lifecycle', phase: 'started', hookId, hookName, hookEvent: body.hookEvent });
  const r = childProcess().spawnSync('/bin/sh', ['-c', hook.command], { cwd: s.o.cwd, input: JSON.stringify(hookInput(s, body)), encoding: 'utf8', timeout: hook.timeoutMs, env: s.o.env });
  // a hook past its timeout is cancelled: exit code 1, no output kept (measured: opt_settings_hook_timeout_fc)
  const cancelled = r.signal !== null; // killed at its timeout (a hook that leaves its stdin unread is no error: EPIPE)
  const stdout = cancelled ? '' : r.stdout;
  const stderr = cancelled ? '' : r.stderr;
  const exitCode = cancelled ? 1 : (r.status ?? 1);
  const outcome = cancelled ? 'cancelled' : exitCode === 0 ? 'success' : 'error';
  s.emit({ kind: 'hook_lifecycle', phase: 'response', hookId, hookName, hookEvent: body.hookEvent, stdout, stderr, exitCode, outcome });
  s.o.scheduler.after(0, () => done({ kind: 'response', body: answerOf(body.hookEvent, hookName, hook.command, exitCode, stdout, stderr) }));
}

/** What the hook's run says, as an SDK callback's answer would say it. */
function answerOf(event: string, hookName: string, command: string, exitCode: number, stdout: string, stderr: string): RawFrame {
  if (exitCode === 2) {
    // measured (opt_settings_hook_exit2_fc, _prompt_exit2_fc): "[<command>]: <stderr>" is the reason; a PreToolUse
    // refusal reads "<Event>:<Tool> hook error: " before it
    if (event === 'PreToolUse') return { [BLOCKING_ERROR]: `${hookName} hook error: [${command}]: ${stderr}` };
    return { decision: 'block', reason: stderr.trim(), [BLOCKING_ERROR]: `[${command}]: ${stderr}` };
  }
  if (exitCode !== 0 || !stdout.trimStart().startsWith('{')) return {};
  try {
    const parsed: unknown = JSON.parse(stdout);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as RawFrame) : {};
  } catch {
    return {}; // stdout that is no JSON object is plain output
  }
}

/** The hook's input on stdin: the session, the event, and the event's own fields (Claude Code's hook input shape). */
function hookInput(s: TurnHost, body: Extract<HostRequestBody, { subtype: 'hook_callback' }>): Record<string, unknown> {
  return {
    session_id: s.sessionId,
    transcript_path: s.transcriptPath,
    cwd: s.o.cwd,
    permission_mode: s.permissionMode,
    hook_event_name: body.hookEvent,
    ...(body.prompt !== undefined ? { prompt: body.prompt } : {}),
    ...(body.toolName !== undefined ? { tool_name: body.toolName, tool_input: body.toolInput, tool_use_id: body.toolUseId } : {}),
    ...(body.toolResponse !== undefined ? { tool_response: body.toolResponse } : {}),
    ...(body.hookEvent === 'SessionStart' ? { source: 'startup' } : {}),
    ...(body.hookEvent === 'Stop' ? { stop_hook_active: body.stopActive === true } : {}),
  };
}
