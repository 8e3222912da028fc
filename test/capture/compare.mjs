#!/usr/bin/env node
// Replays the surface captures (test/golden/real/<cli>/surface/, made by `npm run capture -- --set surface`)
// and the base captures of cases.mjs against the emulator with the matching profile and compares values after
// normalisation (issue #16; the replay and the comparison are surface-replay.mjs, which
// test/golden/surface-compare/ runs in CI too). Prints one line per case × CLI (MATCH, or DIFF with the
// differing frame/key) and, with --write, stores the outcome in test/golden/real/surface-results.json, from
// which inventory.mjs fills each row's status and against which test/golden/surface-compare/ holds the emulator.
// Takes minutes; needs `npm run build` first.
//
//   node --import tsx test/capture/compare.mjs [--cli cbc-2.117.0,...] [--case in_blank,...] [--write [--missing]] [--all-diffs]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compareCase, lookahead, RESULTS, stored, surfaceCaptures } from './surface-replay.mjs';

const option = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] && !process.argv[i + 1].startsWith('--') ? process.argv[i + 1].split(',') : undefined;
};

async function main() {
  const clis = option('cli');
  const only = option('case');
  const todo = surfaceCaptures().filter(([cli, name]) => (!clis || clis.includes(cli)) && (!only || only.includes(name)));
  const results = existsSync(RESULTS) && process.argv.includes('--write') ? JSON.parse(readFileSync(RESULTS, 'utf8')) : {};
  // --missing: only captures that have no stored result yet
  const queue = todo.filter(([cli, name]) => !process.argv.includes('--missing') || !results[cli]?.[name]);
  let matched = 0;
  const outcome = lookahead(queue, ([cli, name]) => compareCase(cli, name));
  for (const [i, [cli, name]] of queue.entries()) {
    const o = await outcome(i);
    if ('error' in o) throw o.error;
    const divs = o.value;
    (results[cli] ??= {})[name] = divs.map(stored);
    if (divs.length === 0) matched++;
    const shown = process.argv.includes('--all-diffs') ? divs : divs.slice(0, 3);
    console.log(divs.length === 0 ? `MATCH ${cli} ${name}` : `DIFF  ${cli} ${name}: ${divs.length}\n${shown.map((d) => `        ${stored(d)}`).join('\n')}`);
  }
  console.log(`${matched}/${queue.length} case×CLI pairs match`);
  if (process.argv.includes('--write')) {
    const sorted = Object.fromEntries(Object.keys(results).sort().map((cli) => [cli, Object.fromEntries(Object.keys(results[cli]).sort().map((n) => [n, results[cli][n]]))]));
    writeFileSync(RESULTS, JSON.stringify(sorted, null, 1) + '\n');
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main().catch((e) => {
  console.error(e instanceof Error ? e.stack : e);
  process.exit(1);
});
