/**
 * Key order on the wire is data. Every frame is built by `ordered(ORDER, bag)`: keys appear in the
 * declared order, `undefined` values are dropped (as JSON.stringify would), and a key in the bag
 * that the order does not declare is a programming error caught by the tests, never silently lost.
 */
export type Order = readonly string[];
export type Obj = Record<string, unknown>;

/** Builds an object whose key order is exactly `order`, skipping undefined values. */
export function ordered(order: Order, bag: Obj): Obj {
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

function countDefined(bag: Obj): number {
  let n = 0;
  for (const k in bag) if (bag[k] !== undefined) n++;
  return n;
}

/** ISO-8601 text of a virtual epoch-ms time, as the CLIs print `timestamp`. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
