'use strict';
// The entry of fuzz()'s worker threads (src/testkit/fuzz-threads.ts; issue #21): src/testkit/fuzz-worker.ts from its
// one-file bundle (dist/bundle/fuzz-worker.cjs, built by .ci/bundle-dropin.mjs) through a V8 code cache, as bin/cbc.js
// loads the drop-in: a new worker is ready in ~60 ms instead of the ~250 ms Node's ESM loader took over dist/'s
// modules. Its `ready` message says whether the cache was used; when it was not, the worker writes one once parked
// after its first runs (`fill`: the functions the runs compiled are then in it).
const { loadBundle } = require('./load-dropin.cjs');

const bundle = loadBundle('fuzz-worker');
bundle.exports.serve({ cacheUsed: bundle.cacheUsed, fill: bundle.fill });
