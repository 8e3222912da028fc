import { createRequire } from 'node:module';

// The package's require() for what it loads at first use rather than at start-up (issue #21's budget): Node builtins
// that a start does not need (node:crypto, node:os, node:child_process) and ajv. Made at its own first use too:
// createRequire costs ~0.1 ms of a drop-in's start. Any module of the package resolves these alike.
let requireFromHere: NodeRequire | undefined;

/** require() from this package, the function made at the first call. */
export const requireLazily = (id: string): unknown => (requireFromHere ??= createRequire(import.meta.url))(id);
