import { relative, resolve, sep } from 'node:path';

/** A POSIX absolute path that resolve() returns unchanged: no `//`, no `.` or `..` part, no trailing `/`. */
const NOT_PLAIN = /\/\/|\/\.\.?(?:\/|$)|\/$/;

function plainAbsolute(p: string): boolean {
  return sep === '/' && p.length > 1 && p.charCodeAt(0) === 47 && !NOT_PLAIN.test(p);
}

/**
 * `resolve(home)`, `resolve(file)` and `relative()` of the two, as path.resolve and path.relative give them, without
 * their normalising passes when both are plain absolute paths and the file lies below the home (issue #21: each of a
 * bench run's 1,600 task files and 400 session records paid ~3 such passes).
 */
export function homeRelative(home: string, file: string): { root: string; abs: string; rel: string } {
  const root = plainAbsolute(home) ? home : resolve(home);
  const abs = plainAbsolute(file) ? file : resolve(file);
  const below = abs.length > root.length + 1 && abs.charCodeAt(root.length) === 47 && abs.startsWith(root) && plainAbsolute(root);
  return { root, abs, rel: below ? abs.slice(root.length + 1) : relative(root, abs) };
}
