import { PassThrough } from 'node:stream';
import { runCli } from '../../dist/run.js';
import type { ScenarioT } from '../../dist/scenario/schema.js';

/** Runs the drop-in in-process (no spawn) over in-memory streams; returns stdout, stderr and the exit code. */
export async function runInProcess(opts: { args: string[]; stdin: string; scenario?: ScenarioT; env?: NodeJS.ProcessEnv; cwd?: string }): Promise<{ stdout: string; stderr: string; code: number }> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (c: Buffer) => out.push(c));
  stderr.on('data', (c: Buffer) => err.push(c));
  const done = runCli({
    argv: opts.args,
    env: { ...opts.env },
    stdin,
    stdout,
    stderr,
    cwd: opts.cwd ?? process.cwd(),
    scenario: opts.scenario,
    handleSignals: false,
  });
  stdin.end(opts.stdin);
  const code = await done;
  return { stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), code };
}
