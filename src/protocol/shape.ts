/**
 * Key order on the wire is data. Every frame is built by `ordered(ORDER, bag)`: keys appear in the
 * declared order, `undefined` values are dropped (as JSON.stringify would), and a key in the bag
 * that the order does not declare is a programming error caught by the tests, never silently lost.
 */
export type Order = readonly string[];
export type Obj = Record<string, unknown>;

/** Builds an object whose key order is exactly `order`, skipping undefined values. */
export function ordered(order: Order, bag: Obj): Obj {
  const fast = layoutOf(order)(bag);
  if (fast !== undefined) return fast;
  // a key the order does not declare: the loop below names it
  const out: Obj = {};
  let n = 0;
  for (const k of order) {
    const v = bag[k];
    if (v !== undefined) {
      out[k] = v;
      n++;
    }
  }
  if (n !== countDefined(bag)) {
    const extra = Object.keys(bag).filter((k) => bag[k] !== undefined && !order.includes(k));
    throw new Error(`shape: keys ${extra.join(', ')} are not declared in the key order [${order.join(', ')}]`);
  }
  return out;
}

/** Lays a bag out in one key order, or returns undefined when the bag has a key the order does not declare. */
type Layout = (bag: Obj) => Obj | undefined;
const layouts = new WeakMap<Order, Layout>();

/**
 * The layout of `order`, generated once per order (issue #21: frames are built ~10⁵ times a second): the
 * same loads, stores and count as the loop in `ordered`, with constant keys, which V8 runs ~3× faster than
 * keyed ones (0.12 vs 0.63 µs for a 12-key row). The keys are declared frame fields, quoted by JSON.stringify.
 */
function layoutOf(order: Order): Layout {
  let f = layouts.get(order);
  if (f === undefined) {
    const steps = order.map((k) => {
      const q = JSON.stringify(k);
      return `v = b[${q}]; if (v !== undefined) { o[${q}] = v; n++; }`;
    });
    const src = `return (b) => { const o = {}; let n = 0; let v;\n${steps.join('\n')}\nreturn n === countDefined(b) ? o : undefined; };`;
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- generated from declared key names (above), not from input
    f = (new Function('countDefined', src) as (c: typeof countDefined) => Layout)(countDefined);
    layouts.set(order, f);
  }
  return f;
}

function countDefined(bag: Obj): number {
  let n = 0;
  for (const k in bag) if (bag[k] !== undefined) n++;
  return n;
}

/** ISO-8601 text of a virtual epoch-ms time, as the CLIs print `timestamp`. */
export function iso(ms: number): string {
  // frames of one virtual instant share their time: the last text is kept (issue #21: ~40,000 calls a bench run)
  if (ms !== lastIsoMs) {
    lastIso = new Date(ms).toISOString();
    lastIsoMs = ms;
  }
  return lastIso;
}
let lastIsoMs = NaN;
let lastIso = '';
