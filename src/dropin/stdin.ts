import { EMU_PREFIX } from '../errors.js';
import { playBlank, promptJoinsRunningTurn } from '../engine/blank-beside.js';
import { controlBeside, freshSession, promptBeside } from '../engine/prompt-beside.js';
import { applyPriority, keepForLater, putFirst } from '../engine/stdin-priority.js';
import { atHostLine, type FirstLine } from '../engine/stored-replay.js';
import { isRawFrame, shapeOf } from '../protocol/raw-frame.js';
import type { InboundEnvelope } from '../protocol/schemas/inbound.js';
import { InboundReader, type Inbound } from '../transport/inbound.js';
import { DEFAULT_MAX_LINE_BYTES } from '../transport/line-reader.js';
import type { Composition } from './compose.js';
import { stderrLine, type RunIO } from './io.js';
import type { RunEnd } from './run-note.js';

/** How the stdin readers drive the run's lifecycle (src/dropin/serve.ts). */
export interface RunControl {
  /** Ends the run with this exit code (idempotent); `end` and `why` say how, for the fuzzer's notes (default: served). */
  finish(code: number, end?: RunEnd, why?: string): void;
  finished(): boolean;
  /** stdin is done: the run ends once the engine is quiet. */
  atEof(): void;
}

/**
 * Prompt text queued behind the running turn (UTF-16 units) past which stdin is not read until a turn
 * takes a prompt: ten 60 MB lines must not all be held at once (issue #18).
 */
export const MAX_QUEUED_INPUT_CHARS = 64 * 1024 * 1024;

/**
 * `-p` without `--input-format stream-json`: the prompt is the arguments, else all of stdin's text
 * (seed 002 §3), at most one stdin line's limit of bytes; an empty prompt is the real CLIs' usage error.
 */
export function readPrompt(prompt: string, c: Composition, io: RunIO, run: RunControl): void {
  const wait = c.profile.behavior.printStdin;
  let taken = false;
  const fromStdin = (text: string) => {
    if (taken) return;
    taken = true;
    // Claude reads piped stdin beside a prompt argument and joins the two (its print-mode input)
    const input = wait !== undefined ? [prompt, text].filter((x) => x !== '').join('\n') : prompt !== '' ? prompt : text;
    const p = prompt === '' ? text.trim() : wait !== undefined && text.trim() !== '' ? `${prompt}\n${text.trim()}` : prompt;
    // an input of whitespace only: no message, the run ends at once with nothing written (Claude 2.1.220), or a usage
    // error (2.1.328); read from their print mode, captures opt_print_whitespace_prompt_fa, opt_print_whitespace_stdin_fa
    const blank = input !== '' && input.trim() === '' ? c.profile.behavior.blankPromptArg : undefined;
    if (blank === 'ignored') return run.atEof();
    if (blank !== undefined) return void (stderrLine(io)(blank.error), run.finish(1, 'usage', blank.error));
    if (p === '' && c.profile.behavior.emptyPromptIsBlank === true) {
      c.session.blankTurn(true); // the turn of a prompt with no text (its result "": nothing in text output)
      run.atEof();
      return;
    }
    if (p === '') {
      const why = 'Error: Input must be provided either through stdin or as a prompt argument when using --print';
      stderrLine(io)(why);
      run.finish(1, 'usage', why);
      return;
    }
    c.session.userMessage(p);
    run.atEof();
  };
  if ((io.stdin as NodeJS.ReadStream).isTTY === true || (prompt !== '' && wait === undefined)) fromStdin('');
  else {
    // Claude waits this long for stdin's first data or end, then warns and goes on without it: real time (a pipe's
    // pace), shortened as --emu-speed runs the clock faster
    const speed = c.scheduler.speed;
    const timer = wait === undefined ? undefined : setTimeout(() => (stderrLine(io)(wait.warning), fromStdin('')), speed > 0 ? wait.ms / speed : wait.ms);
    timer?.unref();
    const parts: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      clearTimeout(timer);
      size += chunk.length;
      if (size <= DEFAULT_MAX_LINE_BYTES) {
        parts.push(chunk);
        return;
      }
      io.stdin.off('data', onData);
      io.stdin.pause();
      stderrLine(io)(`${EMU_PREFIX} the prompt on stdin is over the ${DEFAULT_MAX_LINE_BYTES}-byte limit; pass a shorter prompt`);
      run.finish(2);
    };
    io.stdin.on('data', onData);
    io.stdin.on('end', () => {
      clearTimeout(timer);
      if (size <= DEFAULT_MAX_LINE_BYTES) fromStdin(Buffer.concat(parts).toString('utf8'));
    });
  }
}

/**
 * `--input-format stream-json`: stdin frames, decoded at the transport edge, routed to the session.
 * Backpressure both ways: while stdout cannot take more (a reader slower than its requests) or too much
 * prompt text is queued, stdin is paused, so a flood of control requests is answered at the pace the
 * consumer reads the answers and memory stays bounded (issue #18).
 */
export function readFrames(c: Composition, io: RunIO, run: RunControl): void {
  const reader = new InboundReader();
  const pending: Inbound[] = [];
  let waiting = false;
  let ended = false;
  let eofSent = false;
  const blocked = (): Promise<void> | undefined =>
    c.writer.ready() ?? (c.session.queuedInputChars > MAX_QUEUED_INPUT_CHARS ? c.session.whenDequeued() : undefined);
  const pump = () => {
    while (pending.length > 0 && !waiting) {
      if (run.finished()) {
        pending.length = 0;
        break;
      }
      const wait = blocked();
      if (wait) {
        waiting = true;
        io.stdin.pause();
        void wait.then(() => {
          waiting = false;
          if (!ended) io.stdin.resume();
          pump();
        });
        return;
      }
      onInbound(pending.shift()!, c, io, run);
    }
    if (ended && !eofSent && pending.length === 0 && !waiting) {
      eofSent = true;
      c.journal?.event('eof');
      atHostLine(c.session, { kind: 'eof' });
      c.session.stdinClosed();
      run.atEof();
    }
  };
  io.stdin.on('data', (chunk: Buffer) => {
    for (const ev of reader.push(chunk)) pending.push(ev);
    pump();
  });
  io.stdin.on('end', () => {
    for (const ev of reader.end()) pending.push(ev);
    ended = true;
    pump();
  });
  io.stdin.on('error', () => run.atEof());
}

/** One decoded stdin line: journal it, then act (a line that is not JSON, or JSON that is no readable frame, is the profile's call). */
function onInbound(ev: Inbound, c: Composition, io: RunIO, run: RunControl): void {
  if (ev.kind === 'oversized') {
    stderrLine(io)(`${EMU_PREFIX} stdin line ${ev.lineNo} is ${ev.bytes} bytes, over the ${DEFAULT_MAX_LINE_BYTES}-byte limit; it was skipped`);
    return;
  }
  if (run.finished()) return;
  if (ev.kind !== 'too-deep') atHostLine(c.session, ev.kind === 'frame' ? firstLine(ev.frame) : { kind: 'prompt' });
  switch (ev.kind) {
    case 'malformed':
      c.journal?.raw(ev.text);
      return refuse(c.profile.behavior.malformedLine(ev.text, ev.error), c, io, run);
    case 'too-deep':
      c.log.warn(ev.reason);
      return;
    case 'odd': {
      c.journal?.frame('in', ev.value);
      const what = c.profile.behavior.oddLine(ev.problem, ev.text, ev.value);
      if (what === 'blank') playBlank(c.session);
      else if (what === 'accept') userMessage(ev.value, c);
      // the real CLIs say nothing here: a log file records it, stderr stays quiet at the default level
      else if (what === 'ignore') c.log.info({ frame: shapeOf(ev.value) }, `ignoring stdin JSON (${ev.problem})`); // the shape only: a frame may carry secrets
      else refuse(what, c, io, run);
      return;
    }
    case 'frame':
      c.journal?.frame('in', ev.frame);
      dispatch(ev.frame, c);
  }
}

/** What a stdin frame is to cbc's resume replay (engine/stored-replay.ts): its initialize, another control frame, or a prompt. */
function firstLine(frame: InboundEnvelope): FirstLine {
  if (frame.type === 'control_request' && isRawFrame(frame.request) && frame.request['subtype'] === 'initialize') return { kind: 'initialize', hasPrompt: frame.request['hasPrompt'] };
  return frame.type === 'control_request' || frame.type === 'control_response' || frame.type === 'control_cancel_request' ? { kind: 'control' } : { kind: 'prompt' };
}

/** A line the CLI cannot read: fatal (stderr, exit 1) or reported in an error frame. */
function refuse(what: { fatal: string } | { report: string }, c: Composition, io: RunIO, run: RunControl): void {
  if ('fatal' in what) {
    stderrLine(io)(what.fatal);
    run.finish(1);
  } else c.session.emit({ kind: 'input_error', message: what.report });
}

/** A user line: its prompt text, and its content as sent. */
function userMessage(frame: unknown, c: Composition): void {
  const message = isRawFrame(frame) ? frame['message'] : undefined;
  const uuid = isRawFrame(frame) && typeof frame['uuid'] === 'string' ? frame['uuid'] : undefined;
  const synthetic = isRawFrame(frame) && frame['isSynthetic'] === true;
  const content = isRawFrame(message) ? message['content'] : undefined;
  const odd = oddContent(content);
  const what = odd === undefined ? 'accept' : c.profile.behavior.oddContent(odd);
  if (what !== 'accept') {
    if (what === 'ignore') c.log.info({ problem: odd }, 'ignoring a user line whose content cannot be read');
    else c.session.emit({ kind: 'input_error', message: what.report });
    return;
  }
  const priority = isRawFrame(frame) ? frame['priority'] : undefined;
  const how = applyPriority(c.session, priority);
  if (how === 'drop') return void c.log.info({ priority }, 'dropping a user line of an unknown priority');
  if (how !== 'first' && (promptJoinsRunningTurn(c.session) || promptBeside(c.session, promptOf(message)))) return;
  freshSession(c.session);
  const at = c.session.queue.length;
  c.session.userMessage(promptOf(message), isRawFrame(message) ? message['content'] : undefined, { uuid, synthetic });
  if (how === 'first') putFirst(c.session, at);
  else if (priority === 'later') keepForLater(c.session, at);
}

/** Routes a stdin frame to the session (seed 002 §3-§5). */
function dispatch(frame: InboundEnvelope, c: Composition): void {
  switch (frame.type) {
    case 'control_request':
      if (controlBeside(c.session, typeof frame.request_id === 'string' ? frame.request_id : undefined, frame.request)) return;
      c.session.control(typeof frame.request_id === 'string' ? frame.request_id : undefined, frame.request);
      return;
    case 'user':
      userMessage(frame, c);
      return;
    case 'control_response':
      c.session.hostResponse(frame.response ?? {});
      return;
    case 'keep_alive':
      if (c.profile.behavior.keepAliveIsUnknown === true) playBlank(c.session);
      return;
    case 'control_cancel_request':
      return;
  }
}

/** What makes a user line's content unreadable to the CLIs: not a string or a list, or a text block with no text. */
function oddContent(content: unknown): 'not-list' | 'null' | 'no-text' | undefined {
  if (content === null) return 'null';
  if (content === undefined || typeof content === 'string') return undefined;
  if (!Array.isArray(content)) return 'not-list';
  return content.some((b: unknown) => isRawFrame(b) && b['type'] === 'text' && b['text'] === undefined) ? 'no-text' : undefined;
}

/** The text of a user message's content: a string, or the text blocks joined by newlines. */
function promptOf(message: unknown): string {
  const content = isRawFrame(message) ? message['content'] : undefined;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    // a non-string `text` is coerced as it always was (`{"text":7}` prompts "7"): consumers' odd frames keep their old answers
    // eslint-disable-next-line @typescript-eslint/no-base-to-string
    .map((b: unknown) => (isRawFrame(b) && b['type'] === 'text' ? String(b['text'] ?? '') : ''))
    .filter((s) => s !== '')
    .join('\n');
}
