// Shard 2 of the surface replays (issue #16; dealt to files for the runner's workers, issue #21): see suite.ts.
import { surfaceShard } from './suite.js';

surfaceShard(2);
