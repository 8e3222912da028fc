import { isRawFrame } from '../protocol/raw-frame.js';
import type { EngineEvent, TurnStats } from './events.js';
import type { Session } from './session.js';
import { CALL_INPUT_TOKENS, CALL_OUTPUT_TOKENS } from './spend.js';

/*
 * cbc 2.117.0 replays a stored conversation at --resume under stream-json input (issue #16; read from its
 * CliExecutor.executeStreamMode; captures ses_resume_stream_h2, ses_resume_replay_h3, ses_resume_fork_stream_cbc,
 * ses_resume_stream_*_cbc): the host's first line decides. An `initialize` without `hasPrompt: true` (the SDK sets it
 * when a prompt follows), or stdin EOF before any line, makes it send a request without a prompt, which writes the
 * stored conversation: a system/init of the blank kind, each stored prompt (a user frame and its file-history
 * snapshot), reply, tool call and tool result as they were written, then a result over all of it. A prompt line
 * (any line that is not a control frame) first means no replay. --continue never replays (ses_continue_stream_h2).
 */

/** What the host's first meaningful stdin line was. */
export type FirstLine = { kind: 'initialize'; hasPrompt: unknown } | { kind: 'control' } | { kind: 'prompt' } | { kind: 'eof' };

const decided = new WeakSet<Session>();

/** Called before each stdin line is acted on (and at EOF): replays the stored conversation when the first line says so. */
export function atHostLine(s: Session, line: FirstLine): void {
  if (decided.has(s) || line.kind === 'control') return; // control frames other than initialize decide nothing
  decided.add(s);
  // an unknown --resume id: its refusal frame stands for the replay (capture ses_resume_unknown_stream_cbc)
  if (s.o.replayAtResume !== true || s.p.behavior.replaysAtResume !== true || s.o.resume === undefined) return;
  if (line.kind === 'prompt' || (line.kind === 'initialize' && line.hasPrompt === true)) return;
  replay(s);
}

const STORED_KINDS = new Set(['stored_prompt', 'assistant_text', 'assistant_stream', 'assistant_tool_use', 'tool_result']);

/** An entry the store gave back, when it is one the engine wrote (a hand-edited store must not reach an encoder). */
function storedEvent(x: unknown): EngineEvent | undefined {
  if (!isRawFrame(x) || typeof x['kind'] !== 'string' || !STORED_KINDS.has(x['kind'])) return undefined;
  const strs = (...keys: string[]) => keys.every((k) => typeof x[k] === 'string');
  switch (x['kind']) {
    case 'stored_prompt':
      return strs('text') ? (x as unknown as EngineEvent) : undefined;
    case 'assistant_text':
    case 'assistant_stream': // replayed as the assistant frame alone: no stream events for a stored reply
      return strs('messageId', 'text') ? { kind: 'assistant_text', messageId: x['messageId'] as string, text: x['text'] as string } : undefined;
    case 'assistant_tool_use':
      return strs('messageId', 'toolUseId', 'name') && isRawFrame(x['input']) ? (x as unknown as EngineEvent) : undefined;
    default:
      return strs('toolUseId', 'content') && typeof x['isError'] === 'boolean' ? (x as unknown as EngineEvent) : undefined;
  }
}

/** Writes the replay: encoded with the session's context but no turn of its own (no request id, no partial streaming). */
function replay(s: Session): void {
  const stored = (s.o.resume?.said ?? []).flatMap((x) => storedEvent(x) ?? []);
  const calls = stored.filter((e) => e.kind === 'assistant_text' || e.kind === 'assistant_tool_use').length;
  const now = s.o.scheduler.now();
  const stats: TurnStats = {
    startedAt: now,
    endedAt: now,
    apiMs: 0,
    numTurns: 1,
    messages: s.o.resume?.messages ?? stored.length,
    inputTokens: calls * CALL_INPUT_TOKENS,
    outputTokens: calls * CALL_OUTPUT_TOKENS,
    origin: { kind: 'blank' },
    resultIndex: 0,
    permissionDenials: [],
  };
  const events: EngineEvent[] = [{ kind: 'blank_init' }, ...stored, { kind: 'result', ok: true, text: '', errors: [], stats, interrupted: false }];
  const ctx = { ...s.ctx(), turnRequestId: undefined, streamRequestId: undefined, cliFlags: undefined };
  for (const ev of events) {
    const out = s.p.encode(ev, ctx);
    if (out !== undefined) for (const f of Array.isArray(out) ? out : [out]) s.o.write(f);
  }
}
