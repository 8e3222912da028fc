import { closeSync, openSync, writeSync } from 'node:fs';
import { EMU_PREFIX } from '../../errors.js';
import { flushed } from '../../transport/flush.js';
import { ChunkWriter } from './bytes.js';
import { FrameTransformer } from './frames.js';
import { decodePlan } from './plan.js';

/** What the drop-in needs from the fuzz layer (src/run.ts, only when CBC_EMU_FUZZ is set). */
export interface FuzzHook {
  /** The stdout to hand to the FrameWriter (chunking and jitter happen under it). */
  stdout: NodeJS.WritableStream;
  /** Wraps the frame sink: frames go through the transformer and come out when the emulator is quiet. */
  frames(sink: (json: string) => void): (json: string) => void;
  /** Sends everything still held (before exit). */
  flush(): void;
  /**
   * Ends stdout with the illegal torn tail when the plan has one, and resolves once it was handed on. Called after the
   * frame writer's flush: frames the writer still held (behind a task output file's write) must not follow the tail.
   */
  tear(): Promise<void>;
}

/** Most frames held at once; a longer burst is perturbed and sent in parts. */
const MAX_HELD = 256;

/**
 * Builds the fuzz layer from `CBC_EMU_FUZZ=<token>` (issue #8, docs/fuzzing.md). `CBC_EMU_FUZZ_OUT=<file>`
 * appends the exact bytes sent to that file (the transcript the consumer saw). Returns the error line
 * (for stderr) when the token is unusable.
 */
export function fuzzHook(io: { env: NodeJS.ProcessEnv; stdout: NodeJS.WritableStream }): FuzzHook | string {
  let plan;
  try {
    plan = decodePlan(io.env['CBC_EMU_FUZZ'] ?? '');
  } catch (e) {
    return `${EMU_PREFIX} CBC_EMU_FUZZ: ${(e as Error).message}`;
  }
  const outFile = io.env['CBC_EMU_FUZZ_OUT'];
  let fd: number | undefined;
  try {
    fd = outFile ? openSync(outFile, 'a') : undefined;
  } catch (e) {
    return `${EMU_PREFIX} CBC_EMU_FUZZ_OUT: cannot append to ${outFile ?? ''} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); give a file in an existing folder`;
  }
  const bytes = new ChunkWriter(io.stdout, plan, fd !== undefined ? (b) => writeSync(fd, b) : undefined);
  bytes.on('finish', () => fd !== undefined && closeSync(fd));
  bytes.on('error', () => undefined); // the FrameWriter sees it too (EPIPE: the consumer went away)
  const t = new FrameTransformer(plan);
  let out: ((json: string) => void) | undefined;
  let timer: NodeJS.Immediate | undefined;
  const release = () => {
    if (timer) clearImmediate(timer);
    timer = undefined;
    for (const json of t.flush()) out?.(json);
  };
  return {
    stdout: bytes,
    frames(sink) {
      out = sink;
      return (json) => {
        t.push(json);
        // the emulator is quiet once the event loop turns without a new frame: send what is held
        if (t.pending >= MAX_HELD) release();
        else timer ??= setImmediate(release);
      };
    },
    flush: release,
    tear() {
      bytes.tornTail();
      return flushed(bytes);
    },
  };
}
