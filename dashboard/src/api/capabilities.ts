/** GET /capabilities once per page load: the forms, the filters and the rules' documentation read it. */
import { getJson } from './client.js';
import type { CapabilityMeta, RuleDoc } from './types.js';

let cached: Promise<CapabilityMeta[]> | null = null;

export function capabilities(): Promise<CapabilityMeta[]> {
  cached ??= getJson<CapabilityMeta[]>('/capabilities').catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}

/** Every documented rule by id (analysis capabilities document the rules they report). */
export async function ruleDocs(): Promise<Map<string, RuleDoc>> {
  const docs = new Map<string, RuleDoc>();
  for (const meta of await capabilities()) for (const rule of meta.rules ?? []) docs.set(rule.id, rule);
  return docs;
}
