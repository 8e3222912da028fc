// The emission floor of `npm run bench` (issue #21): a Node process that reads the drop-in's own output
// (a saved transcript, argv[2]), parses each frame and writes it back with JSON.stringify, one frame a
// line, to stdout: the same bytes through the same pipe, with no engine and no profile. Writes are batched
// as a careful emitter would (one write per ~64 KiB) and honour backpressure.
import { readFileSync } from 'node:fs';

const text = readFileSync(process.argv[2], 'utf8');
let batch = '';
let at = 0;
for (let nl = text.indexOf('\n'); nl !== -1; at = nl + 1, nl = text.indexOf('\n', at)) {
  batch += JSON.stringify(JSON.parse(text.slice(at, nl))) + '\n';
  if (batch.length >= 65536) {
    if (!process.stdout.write(batch)) await new Promise((r) => process.stdout.once('drain', r));
    batch = '';
  }
}
process.stdout.write(batch);
