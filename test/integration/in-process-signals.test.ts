// The in-process signal port (issue #21): the surface replays send their signal steps to the drop-in's entry in the
// test's own process (startInMemory's `signals`) instead of spawning bin/cbc.js for each of ~180 signal pairs. That
// only holds if a signal through the port ends a run exactly as the OS's signal ends the spawned binary: same
// stdout bytes, same exit code, or the same death by the signal (claude-2.1.220 dies by SIGTERM before it is
// initialized: behavior.signalEnd 'raise-until-ready'). Each case runs both ways with the same stdin script
// (spawnLive and liveInProcess with signals: one interface, so the script is the same code).
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTemps, ctl, liveInProcess, spawnLive, streamArgs, tempDir, user, type Live } from './helpers.js';

afterAll(cleanupTemps);

type Sig = 'SIGTERM' | 'SIGINT' | 'SIGHUP';
interface Case {
  name: string;
  profile: string;
  /** Frames sent before the signal; the signal goes once `ready` matched a frame. */
  send: unknown[];
  ready: (f: Record<string, unknown>) => boolean;
  sig: Sig;
}

const INIT = ctl('init', { subtype: 'initialize' });
const CASES: Case[] = [
  // dies by the signal: not initialized and no result yet (an interrupt request answered shows the run is up)
  { name: 'claude-2.1.220 SIGTERM before initialize (raise)', profile: 'claude-2.1.220', send: [ctl('x', { subtype: 'interrupt' })], ready: (f) => f['type'] === 'control_response', sig: 'SIGTERM' },
  // exits with a code: initialized
  { name: 'claude-2.1.220 SIGTERM after initialize (143)', profile: 'claude-2.1.220', send: [INIT, user('hello')], ready: (f) => f['type'] === 'result', sig: 'SIGTERM' },
  { name: 'claude-2.1.328 SIGINT (interrupt, 0)', profile: 'claude-2.1.328', send: [INIT, user('hello')], ready: (f) => f['type'] === 'result', sig: 'SIGINT' },
  { name: 'cbc-2.117.0 SIGHUP (129)', profile: 'cbc-2.117.0', send: [INIT, user('hello')], ready: (f) => f['type'] === 'result', sig: 'SIGHUP' },
];

interface Ended {
  stdout: string;
  code: number | null;
  signal: string | null;
}

/** Plays case `c` on a live drop-in in a fresh home: its frames, the signal once `ready` matched, then its end. */
async function play(c: Case, start: (args: string[]) => Live): Promise<Ended> {
  const home = tempDir();
  const l = start(streamArgs(c.profile, home));
  for (const f of c.send) l.send(f);
  await l.waitFor(c.ready);
  expect(l.child.kill(c.sig), 'the run takes the signal').toBe(true);
  const e = await l.exited;
  return { stdout: l.raw().split(home).join('<home>'), code: e.code, signal: e.signal };
}

const inProcess = (c: Case) => play(c, (args) => liveInProcess(args, { signals: true }));

describe('a signal through the in-process port ends a run as the OS signal ends bin/cbc.js (#21)', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const a = await play(c, spawnLive);
      const b = await inProcess(c);
      expect({ code: b.code, signal: b.signal, lines: b.stdout.split('\n').length }).toEqual({ code: a.code, signal: a.signal, lines: a.stdout.split('\n').length });
      expect(b.stdout).toBe(a.stdout);
    });
  }

  it('the cases cover both endings: a death by the signal and an exit code', async () => {
    const ends = await Promise.all(CASES.slice(0, 2).map(inProcess));
    expect(ends.map((e) => e.signal)).toEqual(['SIGTERM', null]);
    expect(ends[1]?.code).toBe(143);
  });
});
