// Headless Debian chromium driven by playwright-core (issue #11: the report is checked in a real browser).
// No browser download: playwright-core only speaks CDP to /usr/bin/chromium, which .ci/run installs.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** The Debian chromium binary (`apt-get install chromium`). */
export const CHROMIUM = '/usr/bin/chromium';
/** Flags for a quiet, offline, sandbox-free headless run as root in CI. */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** A browser with a fresh profile; `close()` also removes the profile folder. */
export async function launchChromium(viewport = { width: 1400, height: 900 }): Promise<{ ctx: BrowserContext; close: () => Promise<void> }> {
  if (!existsSync(CHROMIUM)) {
    // Fail loudly: a silently skipped browser test would hide a broken report (issue #11).
    throw new Error(`${CHROMIUM} is missing: install it with "apt-get update && apt-get install -y chromium" (.ci/run does this in CI)`);
  }
  const profile = mkdtempSync(join(tmpdir(), 'cbc-emu-chromium-'));
  const ctx = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, viewport });
  return {
    ctx,
    close: async () => {
      await ctx.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
