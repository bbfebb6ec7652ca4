/**
 * What the planner plans with: the registered metas, then the planned-but-unbuilt ones
 * (`PlanTaskOptions.planned`) whose id no registered capability has. The unbuilt ones are recognised
 * like the others, and marked so their steps are shown unavailable ("not built yet") with an empty input.
 */
import type { CapabilityMeta } from '../contracts/index.js';

const unbuilt = new WeakSet<CapabilityMeta>();
const merged = new WeakMap<CapabilityMeta[], Map<CapabilityMeta[] | undefined, CapabilityMeta[]>>();

export function knownCapabilities(catalogue: CapabilityMeta[], planned: CapabilityMeta[] | undefined): CapabilityMeta[] {
  let byPlanned = merged.get(catalogue);
  if (!byPlanned) merged.set(catalogue, (byPlanned = new Map()));
  const cached = byPlanned.get(planned);
  if (cached) return cached;
  const registered = new Set(catalogue.map((m) => m.id));
  const extra = (planned ?? []).filter((m) => !registered.has(m.id));
  for (const meta of extra) unbuilt.add(meta);
  const all = extra.length > 0 ? [...catalogue, ...extra] : catalogue;
  byPlanned.set(planned, all);
  return all;
}

/** True for a planned capability that is not built (not registered). */
export function isUnbuilt(meta: CapabilityMeta | undefined): boolean {
  return meta !== undefined && unbuilt.has(meta);
}
