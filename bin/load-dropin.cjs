'use strict';
// Loads a one-file CommonJS bundle (dist/bundle/dropin.cjs for bin/cbc.js, emu.cjs for bin/cbc-emu.js, fuzz-worker.cjs
// for bin/fuzz-thread.cjs, built by .ci/bundle-dropin.mjs) with a V8 code cache: the functions a run compiled, saved as
// bytecode, so the next process skips parsing and compiling them (issue #21: ~15 ms of every start-up). Node 20 has
// neither `module.enableCompileCache` (Node 22.1) nor a way to hand cached data to its ESM loader, hence vm.Script
// over CommonJS, written here by hand.
//
// The cache lives next to the bundle, one file per V8 version, architecture and set of node options (V8 rejects a
// cache made under other flags, so a run with `--max-old-space-size` does not overwrite the plain runs' one); `npm
// run build` writes the plain one of the Node that built it. It is used only when its header names this very bundle (the sha256 the build appended
// to it: V8 itself checks only the source's length) and V8 accepts it (same version and flags). When it is
// missing or rejected, the bundle is compiled as usual and, once the run is over, `fill()` writes a fresh cache
// for the next process: to a temporary file renamed into place, so two processes that fill at once leave one
// whole file; in a folder this process cannot write, nothing is attempted.
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { createRequire } = require('node:module');

const DIR = path.join(__dirname, '..', 'dist', 'bundle');
/** yaml and zod in one file (.ci/bundle-dropin.mjs), required by the bundle when a YAML scenario is first loaded. */
const DEPS_REQUEST = './scenario-deps.cjs';
const DEPS_FILE = path.join(DIR, 'scenario-deps.cjs');
/** The last line of each bundle file: the sha256 of what precedes it (.ci/bundle-dropin.mjs). */
const ID_MARK = '\n//# cbc-emu-bundle ';
const ID_LENGTH = 64;
// CommonJS's own wrapper, so the bundle sees exports/require/module/__filename/__dirname as under require()
// plus `__bundle_import`: Node's import() (from this file, an ordinary CommonJS module), which vm.Script code lacks.
// The build writes it into each bundle file (.ci/bundle-dropin.mjs), which is therefore one function expression: a
// wrapper joined here to 608 KB of text made V8 copy the whole text before compiling it (~0.8 ms of every start).
const WRAP_HEAD = '(function (exports, require, module, __filename, __dirname, __bundle_import) { ';
const WRAP_TAIL = '\n})';

/** FNV-1a of a short string, by hand: node:crypto costs ~3 ms to load, more than this whole file saves per option set. */
function fnv1a(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

/** The cache of one bundle file (`dropin`, `emu`, `fuzz-worker`, `scenario-deps`) for this V8, architecture and node options. */
function cacheFile(name = 'dropin') {
  const options = process.execArgv.length > 0 || (process.env.NODE_OPTIONS ?? '') !== '' ? `-o${fnv1a(JSON.stringify([process.execArgv, process.env.NODE_OPTIONS ?? '']))}` : '';
  return path.join(DIR, `${name}-v8-${process.versions.v8}-${process.arch}${options}.cache`);
}

function readCache(name, id) {
  try {
    const bytes = fs.readFileSync(cacheFile(name));
    return bytes.subarray(0, ID_LENGTH).toString('latin1') === id ? bytes.subarray(ID_LENGTH) : undefined;
  } catch {
    return undefined; // none yet (or unreadable): compile as usual
  }
}

function writeCache(name, id, data) {
  const file = cacheFile(name);
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    fs.accessSync(DIR, fs.constants.W_OK);
  } catch {
    return; // a read-only install: every run compiles, as without a cache
  }
  try {
    fs.writeFileSync(tmp, Buffer.concat([Buffer.from(id, 'latin1'), data]));
    fs.renameSync(tmp, file);
  } catch {
    fs.rmSync(tmp, { force: true }); // disk full or the like: no cache is still a correct run
  }
}

/** Compiles one bundle file with its cache when the cache names this very file and V8 accepts it. */
function compile(file, name) {
  const source = fs.readFileSync(file, 'utf8');
  const at = source.lastIndexOf(ID_MARK);
  const id = at < 0 ? '' : source.slice(at + ID_MARK.length, at + ID_MARK.length + ID_LENGTH);
  const cachedData = id.length === ID_LENGTH ? readCache(name, id) : undefined;
  if (!source.startsWith(WRAP_HEAD)) throw new Error(`${file} is not a bundle this loader can run (built by another version?): run \`npm run build\``);
  const script = new vm.Script(source, { filename: file, cachedData });
  return { file, name, id, script, used: cachedData !== undefined && script.cachedDataRejected === false };
}

/** Runs a compiled bundle file as CommonJS would; returns its exports. */
function run(c, require) {
  const module = { exports: {} };
  c.script.runInThisContext()(module.exports, require, module, c.file, path.dirname(c.file), (specifier) => import(specifier));
  return module.exports;
}

/** A cache for each compiled file that had none it could use (once the run is over, so the functions it ran are in it). */
function fillAll(compiled) {
  for (const c of compiled) if (!c.used && c.id.length === ID_LENGTH) writeCache(c.name, c.id, c.script.createCachedData());
}

/**
 * Compiles and runs the bundle `name` (dist/bundle/<name>.cjs: `dropin`, `emu`, `fuzz-worker`); returns its exports
 * and `fill`, to call once the run is over (it writes the caches this process had none it could use for, and does
 * nothing otherwise). The bundle's require of scenario-deps.cjs (a YAML scenario's packages, ~1 MB) goes through a
 * cache of its own the same way (issue #21: yaml's and zod's functions compiled on every run with a YAML scenario);
 * every other require is Node's.
 */
function loadBundle(name) {
  const file = path.join(DIR, `${name}.cjs`);
  const main = compile(file, name);
  const compiled = [main];
  // a builtin is Node's wherever it is required from; a package is resolved from the bundle's folder, with a require
  // function made at its first use (none on the drop-in's start path: ~0.1 ms of it)
  let req;
  let deps;
  const bundleRequire = (id) => {
    if (id.startsWith('node:')) return require(id);
    if (id !== DEPS_REQUEST) return (req ??= createRequire(file))(id);
    if (deps === undefined) {
      const c = compile(DEPS_FILE, 'scenario-deps');
      c.exports = run(c, createRequire(DEPS_FILE));
      compiled.push((deps = c));
    }
    return deps.exports;
  };
  return {
    exports: run(main, bundleRequire),
    cacheUsed: main.used,
    /** Whether scenario-deps.cjs was loaded, and through a cache: undefined when the run loaded no YAML scenario. */
    depsCacheUsed: () => deps?.used,
    fill: () => fillAll(compiled),
  };
}

/** The drop-in's bundle (bin/cbc.js). */
const loadDropin = () => loadBundle('dropin');

module.exports = { loadDropin, loadBundle, cacheFile, WRAP_HEAD, WRAP_TAIL };
