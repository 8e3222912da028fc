// Normaliser for real-vs-emulator comparison (issue #5): replaces every value that differs from run to run
// (ids, clocks, durations, pids, paths, costs, model-dependent token counts) with a placeholder that keeps
// the value's JSON type, so two runs of the same script compare equal in frames, key order and value types.
// The placeholder table is documented in docs/fidelity.md, section "Normalisation"; keep the two in step.

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Paths of one run that are replaced inside every string (longest first). */
export interface RunPaths {
  /** The CLI's working directory. */
  cwd: string;
  /** The isolated HOME (real captures) or the emulator's --emu-home. */
  home?: string | undefined;
  /** Other roots (CLAUDE_CODE_TMPDIR, the capture cache, the OS temp dir). */
  other?: string[] | undefined;
}

/** Numbers that are clocks, durations, pids, costs or model-dependent token counts: replaced by 0. */
export const ZEROED_NUMBER_KEYS: readonly string[] = [
  // clocks (epoch ms)
  'timestamp', 'startedAt', 'queuedAt', 'lastProgressAt', 'end_time', 'start_time', 'resets_at', 'created',
  // durations
  'duration_ms', 'duration_api_ms', 'durationMs', 'ttft_ms', 'totalDurationMs',
  // pids
  'pid',
  // costs
  'total_cost_usd', 'costUSD', 'cost_usd',
  // token counts (depend on the model and the prompt, not on the protocol)
  'input_tokens', 'output_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens', 'total_tokens', 'tokens',
  'inputTokens', 'outputTokens', 'cacheReadInputTokens', 'cacheCreationInputTokens', 'thinking_tokens', 'contextWindow',
  'prompt_tokens', 'completion_tokens', 'webSearchRequests', 'web_search_requests', 'web_fetch_requests',
];

const ZEROED = new Set(ZEROED_NUMBER_KEYS);

/** String values replaced by a numbered placeholder per key (identity is kept: equal ids get equal numbers). */
export const ID_KEYS: Readonly<Record<string, string>> = {
  uuid: 'UUID',
  session_id: 'SESSION_ID',
  task_id: 'TASK_ID',
  run_id: 'RUN_ID',
  tool_use_id: 'TOOL_USE_ID',
  parent_tool_use_id: 'TOOL_USE_ID',
  agentId: 'AGENT_ID',
  agent_id: 'AGENT_ID',
  _requestId: 'REQUEST_ID',
  messageId: 'MSG_ID',
};

/** Patterns replaced inside any string, in this order, by a numbered placeholder. */
export const STRING_PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  // not \b: cbc 2.117.0 names a team `_auto_<session uuid>` (bg_agent), and `_` is a word character
  [/(?<![0-9A-Za-z])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, 'UUID'],
  [/\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z\b/g, 'ISO_TIME'],
  [/\btoolu_[0-9A-Za-z]+\b|\bcall_[0-9A-Za-z]+\b/g, 'TOOL_USE_ID'],
  [/\bmsg_[0-9A-Za-z]+\b|\bchatcmpl-[0-9A-Za-z]+\b/g, 'MSG_ID'],
  [/\bperm_\d+_\d+\b/g, 'PERM_ID'],
  [/\bhook_\d{10,}_\d+\b/g, 'HOOK_ID'],
  [/\bauth_(?:result|url)_\d{10,}_\d+\b/g, 'AUTH_CALLBACK_ID'],
  [/\ba[0-9a-f]{16}\b/g, 'AGENT_ID'],
  [/\b0m[0-9a-z]{7}-[0-9a-f]{8}\b/g, 'RUN_ID'],
  [/\bagent-[0-9a-f]{8}\b/g, 'TASK_ID'], // cbc 2.117.0's team-member task id in its spawn text (bg_agent)
  [/\bwf_[0-9a-f]{8}-[0-9a-f]{3}\b/g, 'WF_RUN_ID'], // Claude's workflow run (launch result runId, its folders)
  [/\b[0-9a-f]{32}\b/g, 'HEX_ID'],
  [/\/cc-socks\/\d+\.sock\b/g, 'SOCKET'],
  // the wall time a foreground sub-agent took, in its hand-back text (env_disable_bg_agent_fm)
  [/(?<=\nduration_ms: )\d+(?=<\/usage>)/g, 'DURATION'],
];

/** A task id (Claude: type prefix letter + 8 base-36 chars; cbc: a uuid) found in a string. */
const TASK_ID_IN_TEXT = /\b[abwrtmsdkenp][0-9a-z]{8}\b/g;

/** Numbering of placeholders within one stream (the first uuid seen is <UUID#1>, …). */
export class Placeholders {
  private readonly maps = new Map<string, Map<string, number>>();
  /** `<KIND#n>` for `value`, numbered by first appearance per kind. */
  get(kind: string, value: string): string {
    let m = this.maps.get(kind);
    if (!m) this.maps.set(kind, (m = new Map()));
    let n = m.get(value);
    if (n === undefined) m.set(value, (n = m.size + 1));
    return `<${kind}#${n}>`;
  }
  /** True when `value` was already given a placeholder of `kind` (used for task ids inside text). */
  has(kind: string, value: string): boolean {
    return this.maps.get(kind)?.has(value) ?? false;
  }
  /** True when some value was given a placeholder of `kind`. */
  any(kind: string): boolean {
    return (this.maps.get(kind)?.size ?? 0) > 0;
  }
}

/** A run's roots with their placeholders, each in the three spellings the CLIs write it (longest root first). */
type Roots = ReadonlyArray<readonly [root: string, name: string]>;

/**
 * The roots of `paths`, worked out once per RunPaths object: normalizeStdout calls normalizeString for every
 * string of every frame with the same object, and building, sorting and re-spelling the roots per call was a
 * large part of the surface replays' CPU (issue #21).
 */
const rootsOf = new WeakMap<RunPaths, { plain: Roots; dashed: Roots }>();
function roots(paths: RunPaths): { plain: Roots; dashed: Roots } {
  let r = rootsOf.get(paths);
  if (r) return r;
  const plain: Array<[string, string]> = [[paths.cwd, '<CWD>']];
  if (paths.home) plain.push([paths.home, '<HOME>']);
  for (const o of paths.other ?? []) plain.push([o, '<TMP>']);
  plain.sort((a, b) => b[0].length - a[0].length);
  const kept = plain.filter(([root]) => root !== '');
  // Claude Code encodes the cwd into a project folder name (every non-alphanumeric char becomes '-'), then
  // cbc 2.117.0 drops the leading slash and dashes only the slashes: both in that order, after the plain roots
  const dashed: Array<[string, string]> = [
    ...kept.map(([root, name]): [string, string] => [root.replace(/[^a-zA-Z0-9]/g, '-'), `${name.slice(0, -1)}_DIR>`]),
    ...kept.map(([root, name]): [string, string] => [root.replace(/^\//, '').replace(/\//g, '-'), `${name.slice(0, -1)}_DIR>`]),
  ];
  r = { plain: kept, dashed };
  rootsOf.set(paths, r);
  return r;
}

/**
 * A necessary condition of every STRING_PATTERNS entry (each match contains one of these): a string without
 * any is left as it is by all of them, so their twelve scans are skipped (most strings of a frame; issue #21).
 */
const MAY_MATCH = /[0-9a-f]{8}-|\d{4}-\d{2}-\d{2}T|toolu_|call_|msg_|chatcmpl-|perm_|hook_|auth_|a[0-9a-f]{16}|0m[0-9a-z]{7}-|agent-|wf_|[0-9a-f]{32}|\/cc-socks\//;

/** Replaces the run's paths and the id/clock patterns inside one string. */
export function normalizeString(s: string, paths: RunPaths, ph: Placeholders): string {
  const { plain, dashed } = roots(paths);
  let out = s;
  for (const [root, name] of plain) if (out.includes(root)) out = out.split(root).join(name);
  for (const [root, name] of dashed) if (out.includes(root)) out = out.split(root).join(name);
  if (MAY_MATCH.test(out)) for (const [re, kind] of STRING_PATTERNS) out = out.replace(re, (m) => ph.get(kind, m));
  if (ph.any('TASK_ID')) out = out.replace(TASK_ID_IN_TEXT, (m) => (ph.has('TASK_ID', m) ? ph.get('TASK_ID', m) : m));
  return out;
}

/** Normalises one parsed frame (a new value; the input is not changed). Key order is preserved. */
export function normalizeValue(v: Json, paths: RunPaths, ph: Placeholders, key?: string): Json {
  if (v === null || typeof v === 'boolean') return v;
  if (typeof v === 'number') return key !== undefined && ZEROED.has(key) ? 0 : v;
  if (typeof v === 'string') {
    const kind = key !== undefined ? ID_KEYS[key] : undefined;
    if (kind !== undefined && v !== '') return ph.get(kind, v);
    if (key === 'timestamp' || key === '__timestamp') return ph.get('ISO_TIME', v);
    return normalizeString(v, paths, ph);
  }
  if (Array.isArray(v)) return v.map((x) => normalizeValue(x, paths, ph));
  const out: { [k: string]: Json } = {};
  // ids first, so a task id met later inside text maps to the same placeholder
  for (const [k, x] of Object.entries(v)) if (typeof x === 'string' && ID_KEYS[k] === 'TASK_ID') ph.get('TASK_ID', x);
  for (const [k, x] of Object.entries(v)) out[k] = normalizeValue(x, paths, ph, k);
  return out;
}

/** A CLI's stdout split into frames: NDJSON lines, a pretty-printed JSON document, or plain text lines. */
export type Parsed = { kind: 'frames'; frames: Json[] } | { kind: 'text'; lines: string[] };

/** Parses stdout the way the CLIs write it (stream-json lines, `-p --output-format json`, or text). */
export function parseStdout(stdout: string): Parsed {
  const lines = stdout.split('\n').filter((l, i, a) => !(i === a.length - 1 && l === ''));
  if (lines.length === 0) return { kind: 'frames', frames: [] };
  try {
    return { kind: 'frames', frames: lines.map((l) => JSON.parse(l) as Json) };
  } catch {
    try {
      const doc = JSON.parse(stdout) as Json;
      return { kind: 'frames', frames: Array.isArray(doc) ? doc : [doc] };
    } catch {
      // several pretty-printed documents one after another (cbc 2.117.0's json output, one per request): each starts
      // at column 0, their inner lines are indented
      try {
        const docs = stdout.split(/\n(?=[[{])/).map((d) => JSON.parse(d) as Json);
        return { kind: 'frames', frames: docs.flatMap((d) => (Array.isArray(d) ? d : [d])) };
      } catch {
        return { kind: 'text', lines };
      }
    }
  }
}

/** Parses and normalises a whole stdout with one placeholder numbering. */
export function normalizeStdout(stdout: string, paths: RunPaths): Parsed {
  const ph = new Placeholders();
  const p = parseStdout(stdout);
  return p.kind === 'frames' ? { kind: 'frames', frames: p.frames.map((f) => normalizeValue(f, paths, ph)) } : { kind: 'text', lines: p.lines.map((l) => normalizeString(l, paths, ph)) };
}

export type { Json };
