import { readFileSync } from 'node:fs';
import { fireControlEvent } from '../engine/control-events.js';
import { LineReader } from '../transport/line-reader.js';
import { compose } from './compose.js';
import { resolveConfig } from './config.js';
import { stderrLine, type RunIO } from './io.js';
import { runNotes, type RunNotes, type RunOutcome } from './run-note.js';
import { serve } from './serve.js';
import { inGitTree, startRefusal } from './start-checks.js';
import { settingSourcesOf, withAgentFiles } from './agent-files.js';

export { defaultHome, type RunIO } from './io.js';

/**
 * The drop-in CLI: argv -> config (src/dropin/config.ts) -> composition of engine, profile and
 * transport (compose.ts) -> serving stdin (serve.ts). Parses the real CLIs' flags, then speaks
 * stream-json (or prints json/text) for a scenario. Resolves to the process exit code; never throws
 * for bad input.
 */
export async function runCli(io: RunIO): Promise<number> {
  const notes = runNotes(io.env, io.pid);
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
      io.stdout.write(helpText(readFileSync(new URL(`../dropin/help/${cfg.profile.behavior.helpName}.txt`, import.meta.url), 'utf8'), cfg.commandless === true));
      return { code: 0, end: 'info' };
    case 'version':
      io.stdout.write(cfg.profile.behavior.versionText);
      return { code: 0, end: 'info' };
    case 'replay':
      return { code: await (await import('./replay-mode.js')).runReplay(cfg, io), end: 'replay' };
    case 'serve': {
      const refusal = startRefusal(cfg.startChecks, io, withAgentFiles(cfg.cliFlags, cfg.agentFolders?.(io.cwd, io.env, settingSourcesOf(cfg.settingSources)) ?? []), cfg.jsonError);
      if (refusal !== undefined) {
        stderrLine(io)(refusal.message);
        return { code: refusal.exit, end: 'usage', why: refusal.message };
      }
      const outside = cfg.worktree ? cfg.profile.behavior.worktreeOutsideGit : undefined;
      if (outside !== undefined && !inGitTree(io.cwd)) {
        stderrLine(io)(outside);
        return { code: 1, end: 'input', why: 'no git work tree for --worktree' };
      }
      const c = await compose(cfg, io);
      if ('exit' in c) return { code: c.exit, end: 'input', why: c.why };
      // CBC_EMU_CONTROL (issue #19): register with the control server; loaded only then (start-up budget)
      const link = (io.env['CBC_EMU_CONTROL'] ?? '') !== '' ? await (await import('./control-client.js')).connectControl(cfg, c, io, { LineReader, fire: fireControlEvent }) : undefined;
      if (link !== undefined && 'exit' in link) return { code: link.exit, end: 'input', why: link.why };
      notes?.serving();
      const outcome = await serve(cfg, c, io, link ? (run) => link.bind(run) : undefined);
      link?.close();
      return outcome;
    }
  }
}

/** The help text; `commandless`: as a CLI that registered no subcommands prints it (no `[command]`, no Commands section). */
function helpText(full: string, commandless: boolean): string {
  if (!commandless) return full;
  const usage = full.replace(/^(Usage: \S+ \[options\]) \[command\]/, '$1');
  const at = usage.indexOf('\n\nCommands:\n');
  return at >= 0 ? usage.slice(0, at + 1) : usage;
}
