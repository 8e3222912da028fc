'use strict';
// Loads the drop-in's one-file CommonJS bundle (dist/bundle/dropin.cjs, built by .ci/bundle-dropin.mjs) with a
// V8 code cache: the functions a run compiled, saved as bytecode, so the next process skips parsing and compiling
// them (issue #21: ~15 ms of every start-up). Node 20 has neither `module.enableCompileCache` (Node 22.1) nor a way
// to hand cached data to its ESM loader, hence vm.Script over CommonJS, written here by hand.
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
const FILE = path.join(DIR, 'dropin.cjs');
/** The last line of the bundle: the sha256 of what precedes it (.ci/bundle-dropin.mjs). */
const ID_MARK = '\n//# cbc-emu-bundle ';
const ID_LENGTH = 64;
// CommonJS's own wrapper, so the bundle sees exports/require/module/__filename/__dirname as under require()
const WRAP_HEAD = '(function (exports, require, module, __filename, __dirname) { ';
const WRAP_TAIL = '\n})';

/** FNV-1a of a short string, by hand: node:crypto costs ~3 ms to load, more than this whole file saves per option set. */
function fnv1a(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

function cacheFile() {
  const options = process.execArgv.length > 0 || (process.env.NODE_OPTIONS ?? '') !== '' ? `-o${fnv1a(JSON.stringify([process.execArgv, process.env.NODE_OPTIONS ?? '']))}` : '';
  return path.join(DIR, `dropin-v8-${process.versions.v8}-${process.arch}${options}.cache`);
}

function readCache(id) {
  try {
    const bytes = fs.readFileSync(cacheFile());
    return bytes.subarray(0, ID_LENGTH).toString('latin1') === id ? bytes.subarray(ID_LENGTH) : undefined;
  } catch {
    return undefined; // none yet (or unreadable): compile as usual
  }
}

function writeCache(id, data) {
  const file = cacheFile();
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

/**
 * Compiles and runs the bundle; returns its exports and `fill`, to call once the run is over (it writes the cache
 * when this process had none it could use, and does nothing otherwise).
 */
function loadDropin() {
  const source = fs.readFileSync(FILE, 'utf8');
  const at = source.lastIndexOf(ID_MARK);
  const id = at < 0 ? '' : source.slice(at + ID_MARK.length, at + ID_MARK.length + ID_LENGTH);
  const cachedData = id.length === ID_LENGTH ? readCache(id) : undefined;
  const script = new vm.Script(WRAP_HEAD + source + WRAP_TAIL, { filename: FILE, cachedData });
  const used = cachedData !== undefined && script.cachedDataRejected === false;
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(FILE), module, FILE, DIR);
  return {
    exports: module.exports,
    cacheUsed: used,
    fill: () => {
      if (!used && id.length === ID_LENGTH) writeCache(id, script.createCachedData());
    },
  };
}

module.exports = { loadDropin, cacheFile };
