// Agent definition files (.claude/agents/*.md) joined into --agents: src/dropin/agent-files.ts. A folder that is missing
// or is not a folder defines no agent (issue #21: the missing case is asked for with existsSync, not thrown for).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withAgentFiles } from '../../../dist/dropin/agent-files.js';

const dir = mkdtempSync(join(tmpdir(), 'cbc-emu-agent-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('withAgentFiles', () => {
  it('leaves the flags as they are when no folder exists or a folder is a file', () => {
    const file = join(dir, 'not-a-folder');
    writeFileSync(file, 'x');
    const flags = new Map([['model', 'm']]);
    const out = withAgentFiles(flags, [join(dir, 'missing'), file]);
    expect([...out]).toEqual([['model', 'm']]);
  });
  it('adds the agents of the folders that exist, the later folder winning, --agents over both', () => {
    const a = join(dir, 'a');
    const b = join(dir, 'b');
    mkdirSync(a);
    mkdirSync(b);
    writeFileSync(join(a, 'rev.md'), '---\nname: rev\ndescription: from a\ntools: Read, Grep\n---\nreview it\n');
    writeFileSync(join(b, 'rev.md'), '---\nname: rev\ndescription: from b\n---\nreview it again\n');
    writeFileSync(join(b, 'own.md'), '---\nname: own\ndescription: from b\n---\nx\n');
    writeFileSync(join(b, 'notes.txt'), 'not an agent');
    const out = withAgentFiles(new Map([['agents', '{"own":{"description":"flag","prompt":"p"}}']]), [a, join(dir, 'missing'), b]);
    expect(JSON.parse(String(out.get('agents')))).toEqual({
      rev: { description: 'from b', prompt: 'review it again' },
      own: { description: 'flag', prompt: 'p' },
    });
  });
});
