import type * as Os from 'node:os';
import { requireLazily } from './require.js';

/** Truthy environment value as the CLIs read their switches: set, non-empty, not "0", not "false". */
export function truthy(v: string | undefined): boolean {
  return v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';
}

// node:os is loaded at its first use: ~0.25 ms of a drop-in's start (issue #21's budget), where only the home folder is
// needed and $HOME names it
let os: typeof Os | undefined;

/** node:os, loaded on the first call. */
export const nodeOs = (): typeof Os => (os ??= requireLazily('node:os') as typeof Os);

/** os.homedir(): off Windows it is $HOME when that is set (libuv reads it first), so node:os is loaded only without it. */
export function homeDir(): string {
  const home = process.platform === 'win32' ? undefined : process.env['HOME'];
  return home ?? nodeOs().homedir();
}
