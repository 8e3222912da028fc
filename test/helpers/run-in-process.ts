// The drop-in run in this process through its entry (runCli, dist/testkit/harness.js: the code bin/cbc.js runs, over
// in-memory streams), with runBin's arguments and result. For files whose subject is what the drop-in answers, not
// the process: a node spawn each cost 0.1–0.4 s of CPU (start-up, then yaml and zod for a test's own scenario file,
// ajv for --json-schema), loaded here once per worker (issue #21). What needs a process (signals, the process's exit
// code, stdout flushed at exit, the bundle bin/cbc.js loads) keeps runBin: each converted file keeps a spawned case.
import { runInMemory } from '../../dist/testkit/harness.js';
import { ROOT, runBin, type BinResult, type RunOptions } from './run-bin.js';

/**
 * Runs the drop-in with `args` in this process, writes `stdin` (then closes it), and collects everything, as
 * runBin does: the environment is process.env with `opts.env` over it (exactly `opts.env` with `replaceEnv`), the
 * working directory `opts.cwd` (default: the repository root). `signal` is always null; `timeoutMs` rejects
 * (a guard against a hung run, not a timing assertion).
 */
export async function runInProcess(args: string[], stdin: string | Buffer = '', opts: RunOptions = {}): Promise<BinResult> {
  const env = opts.replaceEnv ? { ...opts.env } : { ...process.env, ...opts.env };
  const run = runInMemory({ argv: args, stdin, env, cwd: opts.cwd ?? ROOT });
  const ms = opts.timeoutMs ?? 20_000;
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the drop-in (in-process) ${args.join(' ')} did not end within ${ms} ms`)), ms);
  });
  try {
    const r = await Promise.race([run, guard]);
    return { stdout: r.stdout, stderr: r.stderr, code: r.code, signal: null, lines: r.stdout.split('\n').filter((l, i, a) => !(i === a.length - 1 && l === '')) };
  } finally {
    clearTimeout(timer);
  }
}

/** runBin for `item === first`, runInProcess for the others: a loop over profiles or cases keeps one spawned case. */
export function spawnFirst<T>(item: T, first: T): typeof runBin {
  return item === first ? runBin : runInProcess;
}
