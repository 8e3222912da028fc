import { homedir } from 'node:os';
import { MAX_TIMER_MS } from '../../engine/clock.js';
import { EMU_PREFIX } from '../../errors.js';
import { FrameWriter } from '../../transport/frame-writer.js';
import { LineReader } from '../../transport/line-reader.js';
import type { Writable } from 'node:stream';
import type { Cassette, CassetteEntry } from './format.js';

/** Exit code of a replay whose consumer diverged from the recording (distinct from every CLI code). */
export const REPLAY_DIVERGED = 3;

/** Options of a replay. */
export interface ReplayOptions {
  cassette: Cassette;
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** Like --emu-speed: 1 keeps the recorded timing, 0 plays instantly. */
  speed: number;
  /** A session id the consumer chose (--session-id): replaces the recorded one in every frame. */
  sessionId?: string | undefined;
  /** The cassette's file name, for the near-miss report. */
  label?: string;
  /**
   * The replaying user's home directory (default `os.homedir()`): the recorder wrote the recording user's
   * home as `$HOME` (redact.ts); replayed paths point into this one, as the live emulator's do.
   */
  home?: string;
}

type Frame = Record<string, unknown>;

/**
 * Plays the CLI side of a cassette back to any consumer (issue #7). Recorded outputs are written with
 * the recorded timing (scaled by `speed`); at each recorded input the replay waits for the consumer's
 * next line and checks it is the same kind of message (a turn replays when its user message arrives).
 * Ids the consumer chose (control request ids, the session id) are re-keyed into the replayed frames.
 * A consumer that sends something else gets a near-miss report on stderr and exit code 3.
 */
export function replay(o: ReplayOptions): Promise<number> {
  const writer = new FrameWriter(o.stdout as unknown as Writable);
  const reader = new LineReader();
  const inbox: Array<{ text: string } | { eof: true }> = [];
  let wake: (() => void) | undefined;
  const idMap = new Map<string, string>();
  let recordedSession: string | undefined;
  const push = (x: { text: string } | { eof: true }) => {
    inbox.push(x);
    wake?.();
  };
  o.stdin.on('data', (c: Buffer) => {
    for (const ev of reader.push(c)) if (ev.kind === 'line') push({ text: ev.text });
  });
  o.stdin.on('end', () => {
    for (const ev of reader.end()) if (ev.kind === 'line') push({ text: ev.text });
    push({ eof: true });
  });
  const next = async () => {
    while (inbox.length === 0) await new Promise<void>((r) => (wake = r));
    return inbox.shift()!;
  };
  const sleep = async (ms: number) => {
    // one setTimeout fires at once past MAX_TIMER_MS: a recorded time above 2^31 ms is waited in steps (issue #18)
    for (let left = o.speed > 0 ? ms / o.speed : 0; left > 0; left -= MAX_TIMER_MS) await new Promise((r) => setTimeout(r, Math.min(left, MAX_TIMER_MS)));
  };

  const home = o.home ?? homedir();
  const rekey = (v: unknown): unknown => {
    if (typeof v === 'string') {
      if (o.sessionId && recordedSession && v === recordedSession) return o.sessionId;
      return expandHome(v, home);
    }
    if (Array.isArray(v)) return v.map(rekey);
    if (v && typeof v === 'object') {
      const out: Frame = {};
      for (const [k, x] of Object.entries(v as Frame)) out[k] = k === 'request_id' && typeof x === 'string' && idMap.has(x) ? idMap.get(x) : rekey(x);
      return out;
    }
    return v;
  };

  const diverge = (i: number, expected: CassetteEntry | undefined, received: string): number => {
    const exp = expected ? (expected.eof ? '<stdin closed>' : expected.frame !== undefined ? JSON.stringify(expected.frame, null, 2) : String(expected.raw)) : '<nothing: the recording ends here>';
    let rec = received;
    try {
      rec = JSON.stringify(JSON.parse(received), null, 2);
    } catch {
      /* raw text */
    }
    o.stderr.write(
      `${EMU_PREFIX} replay diverged from ${o.label ?? 'the cassette'} at recorded input #${i}\n` +
        `expected:\n${indent(exp)}\nreceived:\n${indent(rec)}\ndiff (- expected, + received):\n${diffLines(exp, rec)}\n` +
        `The consumer sent something the recording does not have at this point. Re-record the session, or fix the consumer.\n`,
    );
    return REPLAY_DIVERGED;
  };

  const run = async (): Promise<number> => {
    let prevT = 0;
    let inputNo = 0;
    let closed = false;
    for (const e of o.cassette.entries) {
      if (e.dir === 'in') {
        inputNo++;
        const got = await next();
        if ('eof' in got) {
          if (e.eof) {
            closed = true;
            prevT = e.t;
            continue;
          }
          return diverge(inputNo, e, '<stdin closed>');
        }
        if (e.eof) return diverge(inputNo, e, got.text);
        const verdict = matches(e, got.text);
        if (!verdict.ok) return diverge(inputNo, e, got.text);
        if (verdict.requestId && verdict.recordedId) idMap.set(verdict.recordedId, verdict.requestId);
        prevT = e.t;
        continue;
      }
      await sleep(e.t - prevT);
      prevT = e.t;
      if (e.dir === 'err') {
        o.stderr.write(expandHome(e.raw ?? JSON.stringify(e.frame), home) + '\n');
        continue;
      }
      if (e.frame && typeof e.frame === 'object') {
        const f = e.frame as Frame;
        if (recordedSession === undefined && typeof f['session_id'] === 'string' && f['session_id'] !== '') recordedSession = f['session_id'];
        if (!writer.write(JSON.stringify(rekey(f)))) await writer.ready();
      } else if (e.raw !== undefined) writer.write(expandHome(e.raw, home));
    }
    // after the recording: extra input is a divergence; EOF ends the replay with the recorded exit code
    if (!closed) {
      const after = await next();
      if (!('eof' in after)) return diverge(inputNo + 1, undefined, after.text);
    }
    const end = o.cassette.end;
    await sleep(end ? end.t - prevT : 0);
    return end?.exit ?? 0;
  };

  return run().then(async (code) => {
    await writer.flush();
    return code;
  });
}

/**
 * A recorded string with the `$HOME` placeholder put back as `home`. Only where it starts a path (`$HOME/…`,
 * `$HOME\…`) or is the whole value: a recorded shell text such as `echo $HOMEDIR` stays as it was.
 */
export function expandHome(s: string, home: string): string {
  if (!s.includes('$HOME')) return s;
  return s === '$HOME' ? home : s.replace(/\$HOME(?=[/\\])/g, () => home);
}

/** Whether a consumer line is the recorded input's kind: same type, same control subtype, same prompt. */
function matches(e: CassetteEntry, text: string): { ok: boolean; requestId?: string; recordedId?: string } {
  let got: Frame;
  try {
    got = JSON.parse(text) as Frame;
  } catch {
    return { ok: e.raw !== undefined && e.raw === text };
  }
  const exp = e.frame as Frame | undefined;
  if (!exp || typeof exp !== 'object') return { ok: false };
  if (exp['type'] !== got['type']) return { ok: false };
  if (exp['type'] === 'control_request') {
    const es = (exp['request'] as Frame | undefined)?.['subtype'];
    const gs = (got['request'] as Frame | undefined)?.['subtype'];
    return { ok: es === gs, requestId: String(got['request_id']), recordedId: String(exp['request_id']) };
  }
  if (exp['type'] === 'control_response') {
    const er = (exp['response'] as Frame | undefined)?.['request_id'];
    const gr = (got['response'] as Frame | undefined)?.['request_id'];
    return { ok: er === gr };
  }
  if (exp['type'] === 'user') return { ok: promptOf(exp) === promptOf(got) };
  return { ok: true };
}

function promptOf(f: Frame): string {
  const c = (f['message'] as Frame | undefined)?.['content'];
  if (typeof c === 'string') return c;
  if (Array.isArray(c)) return c.map((b) => (b && typeof b === 'object' && (b as Frame)['type'] === 'text' ? String((b as Frame)['text']) : '')).join('\n');
  return '';
}

function indent(s: string): string {
  return s.split('\n').map((l) => `  ${l}`).join('\n');
}

/** A small line diff (longest common subsequence) for the near-miss report. */
export function diffLines(a: string, b: string): string {
  const x = a.split('\n');
  const y = b.split('\n');
  const n = x.length;
  const m = y.length;
  if (n * m > 250_000) return indent(`(frames too large to diff: ${n} vs ${m} lines)`);
  const dp: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) dp[i]![j] = x[i] === y[j] ? dp[i + 1]![j + 1]! + 1 : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!);
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (x[i] === y[j]) {
      out.push(`  ${x[i]}`);
      i++;
      j++;
    } else if (dp[i + 1]![j]! >= dp[i]![j + 1]!) out.push(`- ${x[i++]}`);
    else out.push(`+ ${y[j++]}`);
  }
  while (i < n) out.push(`- ${x[i++]}`);
  while (j < m) out.push(`+ ${y[j++]}`);
  return out.join('\n');
}
