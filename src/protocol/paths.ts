/** Claude's cwd encoding in paths (projects/, tmp/claude-<uid>/): every `/` (and `.`) becomes `-`. */
export function dashedCwd(cwd: string): string {
  return cwd.replace(/[/.]/g, '-');
}
