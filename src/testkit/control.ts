import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ControlEvent } from '../engine/control-events.js';
import { EMU_PREFIX, EmuError } from '../errors.js';
import { ClockBody, EventBody, FaultBody, FramesBody, parseBody } from '../server/bodies.js';
import { startServer } from '../server/http.js';
import type { Registry, SessionInfo, WaitMatch } from '../server/registry.js';
import { DEFAULT_WAIT_MS } from '../server/routes.js';
import type { CallBody, ClockCommand, Fault, FrameTrigger } from '../server/wire.js';
import type { JournalEntry } from '../transport/journal.js';

/** One drop-in registered with the control server, and what a test can do to it. */
export interface ControlSession {
  readonly id: string;
  /** Its registration: pid, profile, session_id, argv, and state (running | exited, with the exit code). */
  info(): SessionInfo;
  /**
   * Writes `frames` verbatim after the frames already written and resolves once they are flushed; with
   * `when`, schedules them right after the next written frame that matches and resolves at once.
   */
  inject(frames: Array<Record<string, unknown>>, opts?: { when?: FrameTrigger }): Promise<{ written: number } | { scheduled: number }>;
  /** Fires an engine event at once: the frames the engine would write for it. */
  event(ev: ControlEvent): Promise<void>;
  /** Plays a fault: stall, close-stdout, exit, crash, delay-control. */
  fault(f: Fault): Promise<void>;
  /** Holds, releases or advances the drop-in's virtual clock; resolves with its time once what fell due was written. */
  clock(c: ClockCommand): Promise<{ now: number; held: boolean }>;
  /** Resolves with the next frame written (dir out) or received (dir in) that matches; rejects after `timeoutMs`. */
  waitFor(q: { type?: string; subtype?: string; dir?: 'in' | 'out'; afterSeq?: number; timeoutMs?: number }): Promise<JournalEntry>;
  /** The journal so far (the --emu-journal format, both directions). */
  journal(): JournalEntry[];
}

/** A control server running in this process. */
export interface ControlServerHandle {
  /** Environment for the drop-ins (CBC_EMU_CONTROL=<socket>): merge it into the env the consumer spawns the CLI with. */
  readonly env: Record<string, string>;
  /** The sessions registered so far. */
  sessions(): ControlSession[];
  /** Resolves with the next drop-in that registers. */
  nextSession(): Promise<ControlSession>;
  close(): Promise<void>;
}

/** Options of startControlServer(). */
export interface ControlServerOptions {
  /**
   * Every drop-in starts with its virtual clock held: nothing a prompt causes happens until the test
   * calls `clock({ hold: false })` or `clock({ advance_ms })`, so it can schedule injections first.
   */
  holdClock?: boolean;
}

/**
 * Starts the control server in this process on a socket in a fresh private directory (issue #19):
 * drop-ins spawned by any consumer with `env` register here, and the test steers them.
 */
export async function startControlServer(opts: ControlServerOptions = {}): Promise<ControlServerHandle> {
  const dir = mkdtempSync(join(tmpdir(), 'cbc-emu-control-')); // created 0700
  const server = await startServer({ socket: join(dir, 'control.sock') }, { holdClock: opts.holdClock });
  const r = server.registry;
  return {
    env: server.env,
    sessions: () => r.list().map((s) => handle(r, s.id)),
    nextSession: async () => handle(r, (await r.nextSession()).id),
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function handle(r: Registry, id: string): ControlSession {
  const call = async (body: CallBody): Promise<Record<string, unknown>> => {
    const o = await r.call(id, body);
    if (!o.ok) throw new EmuError('E_IO', `${EMU_PREFIX} control ${body.op} on ${id} failed (${o.status}): ${o.error}`);
    return o.result;
  };
  const valid = <T>(p: { ok: true; value: T } | { ok: false; error: string }): T => {
    if (!p.ok) throw new EmuError('E_USAGE', `${EMU_PREFIX} ${p.error}`);
    return p.value;
  };
  return {
    id,
    info: () => r.get(id)!,
    inject: async (frames, opts) => {
      const b = valid(parseBody(FramesBody, { frames, ...(opts?.when ? { when: opts.when } : {}) }));
      return (await call({ op: 'frames', frames: b.frames, when: b.when })) as { written: number } | { scheduled: number };
    },
    event: async (ev) => void (await call({ op: 'event', event: valid(parseBody(EventBody, ev)) })),
    fault: async (f) => void (await call({ op: 'fault', fault: valid(parseBody(FaultBody, f)) })),
    clock: async (c) => (await call({ op: 'clock', clock: valid(parseBody(ClockBody, c)) })) as { now: number; held: boolean },
    waitFor: async (q) => {
      const timeoutMs = q.timeoutMs ?? DEFAULT_WAIT_MS;
      const m: WaitMatch | undefined = await r.wait({ session: id, type: q.type, subtype: q.subtype, dir: q.dir, afterSeq: q.afterSeq, timeoutMs });
      if (!m) throw new EmuError('E_IO', `${EMU_PREFIX} no frame matching ${JSON.stringify(q)} in session ${id} within ${timeoutMs} ms`);
      return m.entry as JournalEntry;
    },
    journal: () =>
      (r.journal(id) ?? '')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as JournalEntry),
  };
}
