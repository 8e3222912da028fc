import { EMU_PREFIX } from '../errors.js';
import type { Composition } from './compose.js';
import type { ServeConfig } from './config.js';
import { stderrLine, type RunIO } from './io.js';
import { processSignals, SIGNAL_EXIT, SIGNAL_FLUSH_DEADLINE_MS, type HandledSignal } from './signals.js';
import type { RunEnd, RunOutcome } from './run-note.js';
import { readFrames, readPrompt, type RunControl } from './stdin.js';

/**
 * Runs the composed session: starts the clock, reads stdin, and resolves with the exit code once stdin
 * ended and the engine is quiet (the profile's code after an error result), on SIGTERM/SIGINT/SIGHUP
 * (143/130/129, src/dropin/signals.ts, or the profile's signalExitCode) or a stdout failure (1). Everything written is flushed first;
 * after a signal the flush has a deadline (a consumer that stopped reading cannot hold the process),
 * and a second signal ends the wait at once. Resolves with how the session ended. `onRun` receives the
 * run's lifecycle (a control server ends it by it).
 */
export function serve(cfg: ServeConfig, c: Composition, io: RunIO, onRun?: (run: RunControl) => void): Promise<RunOutcome> {
  const { scheduler, session, journal, writer, fuzz } = c;
  const signals = io.signals ?? (io.handleSignals !== false ? processSignals : undefined);
  return new Promise<RunOutcome>((resolve) => {
    let finished = false;
    let eof = false;
    let exitCode = 0;
    let signalled = false;
    let deadline: NodeJS.Timeout | undefined;
    let resolved = false;
    let ended: { end: RunEnd; why: string | undefined } = { end: 'served', why: undefined };
    let raise: HandledSignal | undefined;
    const done = (code: number) => {
      if (resolved) return;
      resolved = true;
      // a reader that went away before every frame was written cut the stream, even when stdin's EOF ended the session
      // first (a consumer that exits at its first result): the fuzzer then judges the transcript it got as cut off
      if (ended.end === 'served' && writer.gone) ended = { end: 'cut', why: undefined };
      clearTimeout(deadline);
      signals?.off();
      if (raise !== undefined && signals !== undefined) {
        // die by the signal as the real CLI does: with no handler left its default action ends the process;
        // the exit code stays the fallback should the process outlive it
        signals.raise(raise);
        if (signals.dies) return void setTimeout(() => resolve({ code, ...ended }), SIGNAL_FLUSH_DEADLINE_MS);
      }
      resolve({ code, ...ended });
    };
    const finish = (code: number, end: RunEnd = 'served', why?: string) => {
      if (finished) return;
      finished = true;
      exitCode = code;
      ended = { end, why };
      scheduler.stop();
      for (const f of session.held.release()) session.o.write(f); // results Claude's print mode held back (held-results.ts)
      fuzz?.flush(); // the frames the fuzz layer still holds go out (and into the journal) before its exit entry
      journal?.event('exit', { code });
      // the fuzz layer's torn tail goes last, once the writer let out every frame (some wait for a task output file)
      journal?.close(); // synchronous: every line was one write(2) already
      void writer.flush().then(() => fuzz?.tear()).then(() => done(exitCode));
    };
    const maybeDone = () => {
      if (!eof || finished) return;
      void scheduler.whenIdle().then(() => {
        if (finished) return;
        if (session.quiet && scheduler.idle) finish(session.lastResultError ? c.profile.behavior.exitCodeAfterErrorResult : 0);
        else maybeDone();
      });
    };
    const onSignal = (sig: HandledSignal) => {
      if (signalled) return done(exitCode); // a second signal: stop waiting for the reader
      signalled = true;
      const declared = (eof ? c.profile.behavior.signalEndAfterEof?.[sig] : undefined) ?? c.profile.behavior.signalEnd?.[sig] ?? 'code';
      const how = declared === 'raise-until-ready' ? (session.lastResultError === undefined && !session.initialized ? 'raise' : 'code') : declared;
      c.log.info({ sig, how }, 'signal: flushing and exiting');
      if (!finished) journal?.event('signal', { signal: sig });
      deadline = setTimeout(() => done(exitCode), SIGNAL_FLUSH_DEADLINE_MS);
      if (c.profile.behavior.signalStopsTasks?.has(sig) === true && !finished) for (const r of session.runs) r.shutdown?.(c.profile.behavior.agentShutdown);
      if (how === 'interrupt' && !finished) session.interrupt('user cancel');
      else if (c.profile.behavior.signalCancelsHostRequests?.has(sig) === true && !finished) session.host.cancelAll('interrupted');
      if (how === 'raise') raise = sig;
      const code = how === 'interrupt' || how === 'quiet' ? 0 : c.profile.behavior.signalExitCode ?? SIGNAL_EXIT[sig];
      finish(code, 'cut');
      exitCode = code; // also when the signal came during the final flush
    };
    signals?.on(onSignal);
    // the engine ends the run (a prompt tool that cannot be called: engine/prompt-tool.ts)
    session.o.fatal = (message) => {
      stderrLine(io)(message);
      finish(1, 'cut', message);
    };
    writer.onError = (e) => {
      stderrLine(io)(`${EMU_PREFIX} stdout failed: ${e.message}`);
      journal?.event('stdout-failed', { message: e.message }); // the stream was cut: `cbc-emu check` skips its end-of-stream rules
      finish(1, 'cut');
    };
    scheduler.start();
    for (const line of c.profile.behavior.startWarnings?.(cfg.cliFlags, session.model) ?? []) stderrLine(io)(line);
    if (c.sessionError !== undefined) {
      if (c.profile.behavior.sessionErrorOnStderr) stderrLine(io)(c.sessionError);
      const serves = cfg.streamIn && c.profile.behavior.refusedSessionServes === true;
      // a refusal the flags alone decide (an invalid --session-id) is said at the first prompt only (ses_session_id_invalid_input)
      session.refuseStart(c.sessionError, !serves || (cfg.sessionRefusal === undefined && c.sessionErrorAtPrompt !== true));
      if (!serves) {
        finish(session.lastResultError ? c.profile.behavior.exitCodeAfterErrorResult : 0);
        return;
      }
    }

    session.open();
    const run: RunControl = {
      finish,
      finished: () => finished,
      atEof: () => {
        eof = true;
        maybeDone();
      },
    };
    onRun?.(run); // the control server's exit fault ends the run through it (issue #19)
    if (cfg.streamIn) readFrames(c, io, run);
    else readPrompt(cfg.prompt, c, io, run);
  });
}
