// startEmulator cleans up after itself when it refuses its options (issue #20): a missing scenario file or
// an invalid inline scenario throws and leaves no temp folder behind.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../../dist/testkit/emulator.js';

let scratch: string;
let saved: string | undefined;
// os.tmpdir() reads TMPDIR on every call: point it at an empty folder to see what startEmulator leaves there
beforeEach(() => {
  saved = process.env['TMPDIR'];
  scratch = mkdtempSync(join(tmpdir(), 'cbc-emu-cleanup-'));
  process.env['TMPDIR'] = scratch;
});
afterEach(() => {
  if (saved === undefined) delete process.env['TMPDIR'];
  else process.env['TMPDIR'] = saved;
  rmSync(scratch, { recursive: true, force: true });
});

describe('startEmulator temp folder on refused options (#20)', () => {
  it('a missing scenario file throws and leaves no temp folder', () => {
    expect(() => startEmulator({ scenarioFile: 'nope.yaml' })).toThrow(/nope\.yaml/);
    expect(readdirSync(scratch)).toEqual([]);
  });

  it('an invalid inline scenario throws and leaves no temp folder', () => {
    expect(() => startEmulator({ scenario: { name: 'bad', turns: [{ reply: 1, bogus: true }] } })).toThrow();
    expect(readdirSync(scratch)).toEqual([]);
  });

  it('an accepted scenario keeps its temp folder until close()', async () => {
    const emu = startEmulator({ scenario: { name: 'ok', turns: [{ reply: 'hi' }] } });
    expect(readdirSync(scratch)).toHaveLength(1);
    await emu.close();
    expect(readdirSync(scratch)).toEqual([]);
  });
});
