/**
 * Node reads and parses the certificates NODE_EXTRA_CA_CERTS names at every start, before any code of the process
 * runs: ~45 ms of CPU for this machine's bundle (`node -e 0` 30 ms with the variable unset, 70–80 ms set; issue #21,
 * session 13). The processes the suite and the bench start make no TLS connection (npm, which newcomer.test.ts runs
 * against the registry, reads its own `cafile`), so they run without it: the suite starts thousands of them, and the
 * bench's ratios would otherwise all carry the constant on both sides (start-up 1.25× with it, 1.69× without).
 * Unsets it in this process, so every process started from here on inherits its absence; returns the value it had.
 */
export function unsetExtraCaCerts(): string | undefined {
  const had = process.env['NODE_EXTRA_CA_CERTS'];
  delete process.env['NODE_EXTRA_CA_CERTS'];
  return had;
}
