import { closeSync } from 'node:fs';
import type { fireControlEvent } from '../engine/control-events.js';
import type { RawFrame } from '../protocol/raw-frame.js';
import type { CallBody, CallMessage, CallOutcome, ClockCommand, DropinMessage, Fault, FrameTrigger } from '../server/wire.js';
import type { Composition } from './compose.js';
import type { RunIO } from './io.js';
import type { RunControl } from './stdin.js';

/** Frames waiting for the next written frame that matches their trigger. */
interface Pending {
  when: FrameTrigger;
  frames: unknown[];
}

/**
 * What a control server's calls do inside a drop-in (issue #19): frames go through the same frame
 * writer after those already written; events go through the engine; faults hold or cut stdout, end
 * the process or slow the control replies; clock commands freeze and move the virtual clock.
 */
export class ControlOps {
  private run: RunControl | undefined;
  private pending: Pending[] = [];
  private stalls: Array<() => void> = [];
  private controlDelayMs = 0;
  private readonly control: Composition['session']['control'];

  constructor(
    private readonly c: Composition,
    private readonly io: RunIO,
    private readonly fire: typeof fireControlEvent,
    private readonly send: (m: DropinMessage, sent?: () => void) => void,
  ) {
    const session = c.session;
    this.control = session.control.bind(session);
    // delay-control: control requests are answered `controlDelayMs` real ms late (the one hook into the session)
    session.control = (requestId, request: RawFrame) => {
      if (this.controlDelayMs <= 0) return this.control(requestId, request);
      setTimeout(() => this.control(requestId, request), this.controlDelayMs);
    };
    c.writer.onWrite = (json) => this.onWritten(json);
  }

  /** The run's lifecycle, once serving started (the exit fault ends the run through it). */
  bind(run: RunControl): void {
    this.run = run;
  }

  /** Runs one call and sends its reply. */
  onCall(m: CallMessage): void {
    const reply = (o: CallOutcome) => this.send({ t: 'reply', id: m.id, ...o });
    this.dispatch(m.body, reply).catch((e: unknown) => reply({ ok: false, status: 500, error: (e as Error).message }));
  }

  /** Lets go of everything the server holds: stalls, the clock, delayed replies, scheduled frames. */
  release(why: string): void {
    for (const r of this.stalls.splice(0)) r();
    this.c.scheduler.thaw();
    this.controlDelayMs = 0;
    if (this.pending.length > 0) this.c.log.info({ dropped: this.pending.length, why }, 'scheduled control frames dropped');
    this.pending = [];
  }

  private async dispatch(body: CallBody, reply: (o: CallOutcome) => void): Promise<void> {
    switch (body.op) {
      case 'frames':
        if (!body.when) return reply(await this.inject(body.frames));
        this.pending.push({ when: body.when, frames: body.frames });
        reply({ ok: true, result: { scheduled: body.frames.length } }); // the frames' journal entries say when they went out
        return;
      case 'event': {
        const r = this.fire(this.c.session, body.event);
        reply(r.ok ? { ok: true, result: { fired: body.event.kind } } : { ok: false, status: r.why === 'not-found' ? 404 : 409, error: r.message });
        return;
      }
      case 'fault':
        return this.fault(body.fault, reply);
      case 'clock':
        reply(await this.clock(body.clock));
        return;
      case 'reset':
        this.release('the server was reset');
        reply({ ok: true, result: { reset: true } });
    }
  }

  /** Writes `frames` verbatim (one JSON.stringify line each) after everything already written; resolves once flushed. */
  private async inject(frames: unknown[]): Promise<CallOutcome> {
    for (const f of frames) {
      this.c.journal?.frame('out', f);
      this.c.writer.write(JSON.stringify(f));
    }
    await this.c.writer.flush();
    return { ok: true, result: { written: frames.length } };
  }

  /** A frame was written: frames scheduled `when` it matches go right after it. */
  private onWritten(json: string): void {
    if (this.pending.length === 0) return;
    const frame = JSON.parse(json) as Record<string, unknown>;
    const due = this.pending.filter((p) => frame['type'] === p.when.type && (p.when.subtype === undefined || frame['subtype'] === p.when.subtype));
    if (due.length === 0) return;
    this.pending = this.pending.filter((p) => !due.includes(p));
    for (const p of due) void this.inject(p.frames);
  }

  private async fault(f: Fault, reply: (o: CallOutcome) => void): Promise<void> {
    switch (f.kind) {
      case 'stall': {
        const release = this.c.writer.hold();
        this.stalls.push(release);
        setTimeout(() => {
          this.stalls = this.stalls.filter((r) => r !== release);
          release();
        }, f.ms);
        return reply({ ok: true, result: { stalled_ms: f.ms } });
      }
      case 'close-stdout':
        await this.c.writer.flush();
        await new Promise<void>((resolve) => this.io.stdout.end(resolve));
        // process.stdout never closes its descriptor on end(): the consumer sees EOF only once fd 1 is closed
        if (this.io.stdout === process.stdout) closeSync(1);
        return reply({ ok: true, result: { closed: true } });
      case 'exit':
        reply({ ok: true, result: { exiting: f.code } });
        if (this.run) this.run.finish(f.code, 'cut', 'exit fault from the control server');
        else process.exit(f.code);
        return;
      case 'crash':
        reply({ ok: true, result: { crashing: true } });
        // once the socket took the reply and the notice, the process dies as a crash does: no flush, no exit entry
        this.send({ t: 'exit', code: null, signal: 'SIGKILL' }, () => process.kill(process.pid, 'SIGKILL'));
        return;
      case 'delay-control':
        this.controlDelayMs = f.ms;
        return reply({ ok: true, result: { control_delay_ms: f.ms } });
    }
  }

  private async clock(cmd: ClockCommand): Promise<CallOutcome> {
    const s = this.c.scheduler;
    if (cmd.advance_ms !== undefined) s.advance(cmd.advance_ms);
    else if (cmd.hold) s.freeze();
    else s.thaw();
    await s.whenSettled(); // what fell due has been written when the reply comes
    return { ok: true, result: { now: s.now(), held: s.isFrozen } };
  }
}
