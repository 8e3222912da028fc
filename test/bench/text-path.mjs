// Issue #21, emission lever "a text path for task_progress": is writing a workflow_progress snapshot as text,
// straight from the rows, cheaper than laying each row out in key order (`ordered`) and JSON.stringify of the
// frame? Measured on the task_progress frames of a saved drop-in transcript (argv[2]; argv[3] the wire
// dialect of its profile, default cbc), e.g. the bench's wide scenario:
//   node bin/cbc.js --input-format stream-json --output-format stream-json --verbose --emu-speed 0 \
//     --emu-seed bench --emu-scenario <bench-wide.yaml> < <400 "go" prompts> > /tmp/wide.ndjson
//   node test/bench/text-path.mjs /tmp/wide.ndjson
// Each variant starts from the same unordered row bags (what the encoders hand to `build`) and ends with the
// frame's bytes (Buffer.byteLength flattens the string, as the pipe write does); the bytes are checked equal.
// Not part of npm test or npm run bench: a one-off measurement whose result is in docs/performance.md.
import { readFileSync } from 'node:fs';
import { AGENT_ROW, PHASE_ROW, TASK_PROGRESS } from '../../dist/protocol/frames/task.js';
import { ordered } from '../../dist/protocol/shape.js';

const wire = process.argv[3] ?? 'cbc';
const frames = readFileSync(process.argv[2], 'utf8')
  .split('\n')
  .filter((l) => l.includes('"subtype":"task_progress"') && l.includes('"workflow_progress"'))
  .slice(0, 4000)
  .map((l) => JSON.parse(l));
if (frames.length === 0) throw new Error(`${process.argv[2]}: no task_progress frame with a workflow_progress snapshot`);
const agentKeys = AGENT_ROW.keys[wire];
const phaseKeys = PHASE_ROW.keys[wire];
const frameKeys = TASK_PROGRESS.keys[wire];
// the bags as the encoders make them: one object literal per row kind, every declared key, undefined where absent
const literal = (order) => new Function('r', `return { ${order.map((k) => `${JSON.stringify(k)}: r[${JSON.stringify(k)}]`).join(', ')} };`);
const [agentBag, phaseBag] = [literal(agentKeys), literal(phaseKeys)];
const bags = frames.map((f) => f.workflow_progress.map((r) => (r.type === 'workflow_phase' ? phaseBag(r) : agentBag(r))));
const frameBag = literal(frameKeys);
const heads = frames.map((f) => ({ ...f, workflow_progress: undefined }));

/** A generated row writer: constant key text, values by JSON.stringify (strings) or String (numbers, booleans). */
function textWriter(order, quote) {
  const steps = order.map((k) => `v = b[${JSON.stringify(k)}]; if (v !== undefined) s += (s.length > 1 ? ',' : '') + ${JSON.stringify(JSON.stringify(k) + ':')} + (typeof v === 'string' ? q(v) : '' + v);`);
  return new Function('q', `return (b) => { let s = '{'; let v;\n${steps.join('\n')}\nreturn s + '}'; };`)(quote);
}
const UNSAFE = /["\\\u0000-\u001f\ud800-\udfff]/;
const byHand = (s) => (UNSAFE.test(s) ? JSON.stringify(s) : '"' + s + '"');
const writers = {
  stringify: [textWriter(agentKeys, JSON.stringify), textWriter(phaseKeys, JSON.stringify)],
  byHand: [textWriter(agentKeys, byHand), textWriter(phaseKeys, byHand)],
};

const variants = {
  'ordered + JSON.stringify (today)': (i) => {
    const rows = bags[i].map((b) => ordered(b.type === 'workflow_phase' ? phaseKeys : agentKeys, b));
    const bag = frameBag(heads[i]);
    bag.workflow_progress = rows;
    return JSON.stringify(ordered(frameKeys, bag));
  },
  ...Object.fromEntries(
    Object.entries(writers).map(([name, [agent, phase]]) => [
      `text, strings quoted by ${name}`,
      (i) => {
        let s = '[';
        const rows = bags[i];
        for (let j = 0; j < rows.length; j++) s += (j ? ',' : '') + (rows[j].type === 'workflow_phase' ? phase(rows[j]) : agent(rows[j]));
        // the frame's keys before the snapshot as an object, the two after it (uuid, session_id) as text
        const bag = frameBag(heads[i]);
        const { uuid, session_id } = bag;
        bag.uuid = bag.session_id = undefined;
        const q = name === 'byHand' ? byHand : JSON.stringify;
        return JSON.stringify(ordered(frameKeys, bag)).slice(0, -1) + ',"workflow_progress":' + s + '],"uuid":' + q(uuid) + ',"session_id":' + q(session_id) + '}';
      },
    ]),
  ),
};

const names = Object.keys(variants);
for (const n of names) for (let i = 0; i < frames.length; i++) if (variants[n](i) !== JSON.stringify(frames[i])) throw new Error(`${n}: frame ${i} differs`);
const times = Object.fromEntries(names.map((n) => [n, []]));
for (let round = 0; round < 25; round++) {
  // interleaved rounds: load drift hits every variant alike
  for (const n of names) {
    const t = performance.now();
    let bytes = 0;
    for (let i = 0; i < frames.length; i++) bytes += Buffer.byteLength(variants[n](i));
    times[n].push(performance.now() - t);
    if (bytes === 0) throw new Error('no bytes');
  }
}
console.log(`${frames.length} task_progress frames, ${wire}; ms per pass over them (25 interleaved rounds):`);
for (const n of names) {
  const v = times[n].sort((a, b) => a - b);
  console.log(`  ${n.padEnd(36)} min ${v[0].toFixed(1)}  median ${v[12].toFixed(1)}`);
}
