/**
 * Capabilities agentd plans to ship (CAPABILITIES.md) that are NOT BUILT YET, as data outside core/:
 * the planner recognises tasks for them and shows their steps unavailable ("not built yet", skipped,
 * never faked; the job ends `incomplete`). Each entry holds planning data only — intents, strategy,
 * roles in the build workflow — and no input schema: an unavailable step is never run, so its input
 * (drafted from the `fields` below: a name, a resource, a framework) only describes the step, names it in
 * its summary ("Generate the orders REST route handlers") and lets a follow-up refine it ("call it X").
 *
 * Whoever builds one of them deletes its entry here, declares `planning` in its own meta (with its
 * real input fields), and moves its cases from test/core/planner/corpus/pending.ts into its folder.
 * A registered capability always wins over an entry here. Loaded by core/registry/load-planned.ts.
 */
import type { CapabilityMeta } from '../core/index.js';

export const PLANNED: CapabilityMeta[] = [];
