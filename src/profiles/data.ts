import { readFileSync } from 'node:fs';
import type { FrameOf } from '../protocol/frames/index.js';
import type { SYSTEM_INIT } from '../protocol/frames/system.js';

/** Static data extracted from real captures (see test/tools/extract-profile-data.mjs). */
export interface ProfileData {
  source: string;
  initializeResponse: Record<string, unknown>;
  systemInit: FrameOf<typeof SYSTEM_INIT>;
  availableModes?: Record<string, unknown>;
  /** cbc: the model list get_available_models reports whole as `rawModels` (initialize lists only id and name). */
  models?: Array<Record<string, unknown>>;
  /** Replies to control subtypes the session does not handle itself, per subtype (see {@link CannedReply}). */
  controlReplies?: Record<string, CannedReply>;
}

/**
 * A captured control reply: a success with `response` (none when absent), or an `error` (with the CLI's
 * `errorCode` where it sends one), and what it pushes with it. Strings may name `{cwd}` or `{request.<key>}`, filled in per request.
 */
export interface CannedReply {
  response?: unknown;
  error?: string;
  errorCode?: string;
  /** cbc's subscribe: what it pushes on `channel` right before and after the reply, `data` gaining a `timestamp`. */
  notify?: { channel: string; data: Record<string, unknown> };
}

const cache = new Map<string, ProfileData>();

/** Loads `data/<name>.json` once; read lazily so start-up only parses the selected profile. */
export function profileData(name: 'cbc' | 'claude-2.1.220' | 'claude-2.1.328'): ProfileData {
  let d = cache.get(name);
  if (!d) {
    // `../<part>/…` rather than `./…`: the same URL resolves from dist/<part>/ and from the drop-in's bundle in dist/bundle/.
    d = JSON.parse(readFileSync(new URL(`../profiles/data/${name}.json`, import.meta.url), 'utf8')) as ProfileData;
    cache.set(name, d);
  }
  return d;
}

/** Reads another data file, `data/<name>.json`, from the same folder (callers cache what they keep). */
export function dataFile(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`../profiles/data/${name}.json`, import.meta.url), 'utf8'));
}

/**
 * A deep copy of profile data (plain JSON values: what JSON.parse made), so encoders can never mutate the shared
 * template. By hand, not structuredClone: the init and initialize templates are copied every run, and this walk
 * is ~10x faster on them (issue #21: the in-process fuzzer runs hundreds of sessions a second).
 */
export function clone<T>(v: T): T {
  return copyJson(v) as T;
}

function copyJson(v: unknown): unknown {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) return v.map(copyJson);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) out[k] = copyJson((v as Record<string, unknown>)[k]);
  return out;
}
