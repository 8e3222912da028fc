// `cbc-emu <args>` run in this process through the program's own entry (dist/cli/emu.js main, the same
// commander program and handlers as bin/cbc-emu.js), with stdout and stderr captured. For tests that run a
// command hundreds of times over files (the check suites): a node spawn each cost ~45 s of the suite on 2
// cores (issue #21). The spawned binary itself stays covered by test/integration/emu-cli.test.ts.
import { Writable } from 'node:stream';
import { main } from '../../dist/cli/emu.js';

/** A writable that keeps what it was given as text. */
class Sink extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

/** Runs `cbc-emu <args>` in-process: its exit code and output, as spawnSync would give them. */
export async function emuInProcess(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  const stdout = new Sink();
  const stderr = new Sink();
  const status = await main(args, { stdout, stderr });
  return { status, stdout: stdout.text, stderr: stderr.text };
}
