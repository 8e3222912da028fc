import { ClockBody, EventBody, FaultBody, FramesBody, parseBody } from './bodies.js';
import type { Registry } from './registry.js';
import type { CallBody, CallOutcome } from './wire.js';
import { ATTACH_PATH } from './wire.js';

/** A reply: JSON, or a text body with its content type. */
export type Reply = { status: number; json: unknown } | { status: number; text: string; type: string };

/** What a handler gets: the path parameter, the query, and the request body (parsed JSON; a 400 is thrown by the caller when it is not). */
export interface RouteContext {
  id: string;
  query: URLSearchParams;
  body(): Promise<unknown>;
  registry: Registry;
}

/** One route of the control API. */
export interface Route {
  method: 'GET' | 'POST';
  /** The OpenAPI path template (`{id}` is the one parameter). */
  path: string;
  handle(ctx: RouteContext): Promise<Reply>;
}

/** Longest long-poll of GET /v1/wait, and its default. */
export const MAX_WAIT_MS = 600_000;
export const DEFAULT_WAIT_MS = 30_000;

const error = (status: number, message: string): Reply => ({ status, json: { error: message } });

/** Sends a validated call to the session and turns its outcome into the reply. */
async function callSession(ctx: RouteContext, body: CallBody): Promise<Reply> {
  const o: CallOutcome = await ctx.registry.call(ctx.id, body);
  // 202: frames scheduled `when` a later frame is written are accepted, not yet written
  return o.ok ? { status: body.op === 'frames' && body.when ? 202 : 200, json: o.result } : error(o.status, o.error);
}

/** A POST route whose body `schema` validates, then becomes the call `toCall` makes. */
function postCall<T>(path: string, parse: (v: unknown) => { ok: true; value: T } | { ok: false; error: string }, toCall: (v: T) => CallBody): Route {
  return {
    method: 'POST',
    path,
    handle: async (ctx) => {
      if (!ctx.registry.get(ctx.id)) return error(404, `no session ${ctx.id}: GET /v1/sessions lists the registered ones`);
      const r = parse(await ctx.body());
      return r.ok ? callSession(ctx, toCall(r.value)) : error(400, r.error);
    },
  };
}

/** An integer query parameter within [min, max], its default when absent, or the 400 message. */
function intParam(q: URLSearchParams, name: string, min: number, max: number, dflt: number | undefined): number | undefined | string {
  const raw = q.get(name);
  if (raw === null) return dflt;
  const n = Number(raw);
  return /^\d+$/.test(raw) && n >= min && n <= max ? n : `query ${name}: expected an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`;
}

async function waitRoute(ctx: RouteContext): Promise<Reply> {
  const q = ctx.query;
  const timeoutMs = intParam(q, 'timeout_ms', 0, MAX_WAIT_MS, DEFAULT_WAIT_MS);
  const afterSeq = intParam(q, 'after_seq', 0, Number.MAX_SAFE_INTEGER, undefined);
  if (typeof timeoutMs === 'string') return error(400, timeoutMs);
  if (typeof afterSeq === 'string') return error(400, afterSeq);
  const dir = q.get('dir') ?? undefined;
  if (dir !== undefined && dir !== 'in' && dir !== 'out') return error(400, `query dir: expected "in" or "out", got ${JSON.stringify(dir)}`);
  const session = q.get('session') ?? undefined;
  if (session !== undefined && !ctx.registry.get(session)) return error(404, `no session ${session}: GET /v1/sessions lists the registered ones`);
  const m = await ctx.registry.wait({ session, type: q.get('type') ?? undefined, subtype: q.get('subtype') ?? undefined, dir, afterSeq, timeoutMs: timeoutMs ?? DEFAULT_WAIT_MS });
  return m ? { status: 200, json: m } : error(408, `no matching frame within ${timeoutMs} ms`);
}

/**
 * The control API, in one table (issue #19): the server routes by it and the OpenAPI test checks
 * docs/control-api.openapi.yaml lists exactly these. GET ATTACH_PATH is the drop-ins' Upgrade, served
 * by the server's upgrade handler; its entry here answers a plain GET with 426.
 */
export const ROUTES: readonly Route[] = [
  { method: 'GET', path: '/v1/sessions', handle: (ctx) => Promise.resolve({ status: 200, json: ctx.registry.list() }) },
  {
    method: 'GET',
    path: '/v1/sessions/{id}/journal',
    handle: (ctx) => {
      const text = ctx.registry.journal(ctx.id);
      return Promise.resolve(text === undefined ? error(404, `no session ${ctx.id}`) : { status: 200, text, type: 'application/x-ndjson' });
    },
  },
  postCall('/v1/sessions/{id}/frames', (v) => parseBody(FramesBody, v), (b) => ({ op: 'frames', frames: b.frames, when: b.when })),
  postCall('/v1/sessions/{id}/events', (v) => parseBody(EventBody, v), (event) => ({ op: 'event', event })),
  postCall('/v1/sessions/{id}/faults', (v) => parseBody(FaultBody, v), (fault) => ({ op: 'fault', fault })),
  postCall('/v1/sessions/{id}/clock', (v) => parseBody(ClockBody, v), (clock) => ({ op: 'clock', clock })),
  { method: 'GET', path: '/v1/wait', handle: waitRoute },
  { method: 'POST', path: '/v1/reset', handle: async (ctx) => ({ status: 200, json: await ctx.registry.reset() }) },
  { method: 'GET', path: ATTACH_PATH, handle: () => Promise.resolve(error(426, `${ATTACH_PATH} is for drop-ins started with CBC_EMU_CONTROL (an Upgrade request)`)) },
];

/** The route for `method` and `pathname`, with its `{id}`; undefined when none matches. */
export function findRoute(method: string, pathname: string): { route: Route; id: string } | { allowed: string[] } | undefined {
  const parts = pathname.split('/');
  const allowed: string[] = [];
  for (const route of ROUTES) {
    const tpl = route.path.split('/');
    if (tpl.length !== parts.length) continue;
    let id = '';
    const same = tpl.every((t, i) => (t === '{id}' ? ((id = parts[i]!), id !== '') : t === parts[i]));
    if (!same) continue;
    if (route.method === method) return { route, id };
    allowed.push(route.method);
  }
  return allowed.length > 0 ? { allowed } : undefined;
}
