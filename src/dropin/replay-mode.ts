import { EMU_PREFIX, EmuError } from '../errors.js';
import { readCassette } from '../tools/cassette/format.js';
import { replay } from '../tools/cassette/replay.js';
import type { ReplayConfig } from './config.js';
import type { RunIO } from './io.js';

/** The drop-in in replay mode (`CBC_EMU_REPLAY=<cassette>` / `--emu-replay`): any consumer gets the recorded CLI side. */
export async function runReplay(cfg: ReplayConfig, io: RunIO): Promise<number> {
  try {
    const cassette = readCassette(cfg.file);
    return await replay({ cassette, stdin: io.stdin, stdout: io.stdout, stderr: io.stderr, speed: cfg.speed, sessionId: cfg.sessionId, label: cfg.file });
  } catch (e) {
    if (e instanceof EmuError) {
      io.stderr.write(`${EMU_PREFIX} ${e.message}\n`);
      return 2;
    }
    throw e;
  }
}
