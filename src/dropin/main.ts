import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { compose } from './compose.js';
import { resolveConfig } from './config.js';
import { stderrLine, type RunIO } from './io.js';
import { runNotes, type RunNotes, type RunOutcome } from './run-note.js';
import { serve } from './serve.js';

export { defaultHome, type RunIO } from './io.js';

/**
 * The drop-in CLI: argv -> config (src/dropin/config.ts) -> composition of engine, profile and
 * transport (compose.ts) -> serving stdin (serve.ts). Parses the real CLIs' flags, then speaks
 * stream-json (or prints json/text) for a scenario. Resolves to the process exit code; never throws
 * for bad input.
 */
export async function runCli(io: RunIO): Promise<number> {
  const notes = runNotes(io.env);
  const outcome = await run(io, notes);
  notes?.ended(outcome);
  return outcome.code;
}

async function run(io: RunIO, notes: RunNotes | undefined): Promise<RunOutcome> {
  const cfg = resolveConfig(io.argv, io.env);
  switch (cfg.mode) {
    case 'usage-error':
      stderrLine(io)(cfg.message);
      return { code: cfg.exit, end: 'usage', why: cfg.message };
    case 'help':
      // `../<part>/…` rather than `./…`: the same URL resolves from dist/<part>/ and from the drop-in's bundle in dist/bundle/.
      io.stdout.write(readFileSync(new URL(`../dropin/help/${cfg.profile.behavior.helpName}.txt`, import.meta.url), 'utf8'));
      return { code: 0, end: 'info' };
    case 'version':
      io.stdout.write(cfg.profile.behavior.versionText);
      return { code: 0, end: 'info' };
    case 'replay':
      return { code: await (await import('./replay-mode.js')).runReplay(cfg, io), end: 'replay' };
    case 'serve': {
      const outside = cfg.worktree ? cfg.profile.behavior.worktreeOutsideGit : undefined;
      if (outside !== undefined && !inGitWorkTree(io.cwd)) {
        stderrLine(io)(outside);
        return { code: 1, end: 'input', why: 'no git work tree for --worktree' };
      }
      const c = await compose(cfg, io);
      if ('exit' in c) return { code: c.exit, end: 'input', why: c.why };
      notes?.serving();
      return serve(cfg, c, io);
    }
  }
}

/** Whether `cwd` or a folder above it holds `.git` (a git work tree; a linked worktree's `.git` is a file). */
function inGitWorkTree(cwd: string): boolean {
  for (let d = cwd; ; d = dirname(d)) {
    if (existsSync(join(d, '.git'))) return true;
    if (dirname(d) === d) return false;
  }
}
