import { existsSync, readFileSync } from 'node:fs';
import { isRawFrame, num, str } from '../../protocol/raw-frame.js';
import { textLines } from '../../transport/line-reader.js';

/** What the emulator processes of one run did, from their notes (CBC_EMU_FUZZ_NOTES, src/dropin/run-note.ts). */
export interface EmulatorUse {
  /** Processes that started. */
  started: number;
  /** Processes that served a session (a consumer that got one reached the emulator). */
  served: number;
  /** Sessions stopped from outside (signal, stdout gone) or killed before they could note their end. */
  cut: number;
  /** One line per process that refused its command line or input files: `exited <code> (<end>): <why>`. */
  errors: string[];
}

/** Reads a run's notes file (absent: no emulator started). */
export function readEmulatorUse(file: string): EmulatorUse {
  const use: EmulatorUse = { started: 0, served: 0, cut: 0, errors: [] };
  if (!existsSync(file)) return use;
  const open = new Map<number, boolean>(); // pid -> serving, for processes without an end note yet
  for (const { text } of textLines(readFileSync(file, 'utf8'))) {
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch {
      continue; // a line torn by a process killed mid-write
    }
    if (!isRawFrame(v)) continue;
    const pid = num(v, 'pid') ?? -1;
    const event = str(v, 'event');
    if (event === 'start') {
      use.started++;
      open.set(pid, false);
    } else if (event === 'serving') {
      use.served++;
      open.set(pid, true);
    } else if (event === 'end') {
      const end = str(v, 'end');
      if (end === 'cut') use.cut++;
      if (end === 'usage' || end === 'input') use.errors.push(`exited ${String(v['code'])} (${end === 'usage' ? 'usage error' : 'unusable input'}): ${str(v, 'why') ?? '(no message)'}`);
      open.delete(pid);
    }
  }
  for (const serving of open.values()) if (serving) use.cut++; // killed (SIGKILL) while serving: its stream was cut
  return use;
}
