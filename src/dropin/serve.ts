import { EMU_PREFIX } from '../errors.js';
import type { Composition } from './compose.js';
import type { ServeConfig } from './config.js';
import { stderrLine, type RunIO } from './io.js';
import { readFrames, readPrompt, type RunControl } from './stdin.js';

/**
 * Runs the composed session: starts the clock, reads stdin, and resolves with the exit code once stdin
 * ended and the engine is quiet (the profile's code after an error result), or on SIGTERM/SIGINT
 * (143/130) or a stdout failure (1). Everything written is flushed first.
 */
export function serve(cfg: ServeConfig, c: Composition, io: RunIO): Promise<number> {
  const { scheduler, session, journal, writer, fuzz } = c;
  return new Promise<number>((resolve) => {
    let finished = false;
    let eof = false;
    const finish = (code: number) => {
      if (finished) return;
      finished = true;
      scheduler.stop();
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      journal?.event('exit', { code });
      fuzz?.flush();
      void Promise.all([writer.flush(), journal?.close()]).then(() => resolve(code));
    };
    const maybeDone = () => {
      if (!eof || finished) return;
      void scheduler.whenIdle().then(() => {
        if (finished) return;
        if (session.quiet && scheduler.idle) finish(session.lastResultError ? c.profile.behavior.exitCodeAfterErrorResult : 0);
        else maybeDone();
      });
    };
    const onSignal = (sig: NodeJS.Signals) => {
      c.log.info({ sig }, 'signal: flushing and exiting');
      journal?.event('signal', { signal: sig });
      finish(sig === 'SIGINT' ? 130 : 143);
    };
    if (io.handleSignals !== false) {
      process.once('SIGTERM', onSignal);
      process.once('SIGINT', onSignal);
    }
    writer.onError = (e) => {
      stderrLine(io)(`${EMU_PREFIX} stdout failed: ${e.message}`);
      finish(1);
    };
    scheduler.start();
    if (c.sessionError !== undefined) {
      if (c.profile.behavior.sessionErrorOnStderr) stderrLine(io)(c.sessionError);
      session.refuseStart(c.sessionError);
      finish(session.lastResultError ? c.profile.behavior.exitCodeAfterErrorResult : 0);
      return;
    }

    const run: RunControl = {
      finish,
      finished: () => finished,
      atEof: () => {
        eof = true;
        maybeDone();
      },
    };
    if (cfg.streamIn) readFrames(c, io, run);
    else readPrompt(cfg.prompt, c, io, run);
  });
}
