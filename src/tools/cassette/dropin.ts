import { EMU_PREFIX, EmuError } from '../../errors.js';
import type { RunIO } from '../../run.js';
import { readCassette } from './format.js';
import { replay } from './replay.js';

/** The drop-in in replay mode (`CBC_EMU_REPLAY=<cassette>` / `--emu-replay`): any consumer gets the recorded CLI side. */
export async function runReplay(file: string, io: RunIO, sessionId: string | undefined, speed: number): Promise<number> {
  try {
    const cassette = readCassette(file);
    return await replay({ cassette, stdin: io.stdin, stdout: io.stdout, stderr: io.stderr, speed: Number.isFinite(speed) && speed >= 0 ? speed : 1, sessionId, label: file });
  } catch (e) {
    if (e instanceof EmuError) {
      io.stderr.write(`${EMU_PREFIX} ${e.message}\n`);
      return 2;
    }
    throw e;
  }
}
