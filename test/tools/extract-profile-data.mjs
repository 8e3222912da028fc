// Dev script: regenerates src/profiles/data/*.json from the real captures in
// ../shared/reference/captures. Run: node test/tools/extract-profile-data.mjs
// The JSON is committed; the emulator never reads the captures at run time.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const caps = process.env.CAPTURES ?? join(root, '..', 'shared', 'reference', 'captures');
const out = join(root, 'src', 'profiles', 'data');
mkdirSync(out, { recursive: true });

const frames = (f) =>
  readFileSync(join(caps, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const find = (list, pred, what) => {
  const x = list.find(pred);
  if (!x) throw new Error(`not found: ${what}`);
  return x;
};

function claude(dir, textCapture) {
  const fr = frames(`${dir}/${textCapture}`);
  const initReply = find(fr, (o) => o.type === 'control_response' && o.response.request_id === 'req_1', 'initialize reply');
  const sysInit = find(fr, (o) => o.type === 'system' && o.subtype === 'init', 'system/init');
  return {
    source: `captures/${dir}/${textCapture}`,
    initializeResponse: initReply.response.response,
    systemInit: sysInit,
  };
}

const data = {
  'claude-2.1.328': claude('claude-code-2.1.328', 'text1.stdout.ndjson'),
  'claude-2.1.220': claude('claude-code-2.1.220', 'text3.stdout.ndjson'),
};
{
  const init = frames('cbc-2.117.0/real-init.out');
  const turn = frames('cbc-2.117.0/real-turn.out');
  data['cbc'] = {
    source: 'captures/cbc-2.117.0/real-init.out, real-turn.out',
    initializeResponse: init[0].response.response,
    availableModes: init[1].response.response,
    systemInit: find(turn, (o) => o.type === 'system' && o.subtype === 'init', 'system/init'),
  };
}
for (const [name, d] of Object.entries(data)) {
  // controlReplies come from the surface captures (issue #16), not from these: keep the ones on disk
  const kept = JSON.parse(readFileSync(join(out, `${name}.json`), 'utf8'));
  if (kept.controlReplies) Object.assign(d, { source: kept.source, controlReplies: kept.controlReplies });
  if (kept.models) d.models = kept.models; // cbc's get_available_models list, from a surface capture too
  writeFileSync(join(out, `${name}.json`), JSON.stringify(d) + '\n');
  console.log(`wrote ${name}.json (${JSON.stringify(d).length} bytes) from ${d.source}`);
}
