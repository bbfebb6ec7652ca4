/**
 * Turns draft steps into the plan: numbers them, marks each available or "not built yet", fits inputs
 * to the registered inputSchema (unknown keys dropped with a note, never sent), and appends the step of
 * the capability with the role 'verify-writes' after writing steps so changes are checked with the
 * project's type-check and tests (writers declaring `behaviourNeutral` need none).
 */
import type { CapabilityMeta, JSONSchema } from '../contracts/index.js';
import { withRole } from './intent-table.js';
import { isUnbuilt } from './known-capabilities.js';
import type { DraftStep } from './planning-context.js';
import type { Plan, PlanFilters, PlannedStep, ProjectIndex } from './types.js';

interface SchemaNode {
  properties?: Record<string, SchemaNode>;
  additionalProperties?: boolean | SchemaNode;
  items?: SchemaNode;
  enum?: unknown[];
  type?: string | string[];
}

/** Drops what the schema does not accept: unknown keys of closed objects, enum items it does not list. */
export function fitToSchema(value: unknown, schema: JSONSchema | SchemaNode, path: string, dropped: string[]): unknown {
  const node = schema as SchemaNode;
  if (Array.isArray(value)) {
    const items = node.items;
    if (!items) return value;
    const kept = value.filter((item) => !items.enum || items.enum.includes(item));
    if (kept.length < value.length) dropped.push(`${path}[${value.filter((i) => !kept.includes(i)).join(', ')}]`);
    return kept.map((item, i) => fitToSchema(item, items, `${path}/${i}`, dropped));
  }
  if (value === null || typeof value !== 'object' || !node.properties) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const property = node.properties[key];
    if (!property && node.additionalProperties === false) {
      dropped.push(`${path}/${key}`);
      continue;
    }
    const fitted = property ? fitToSchema(child, property, `${path}/${key}`, dropped) : child;
    // An emptied rule list would mean "report nothing"; leaving it out means "all".
    if (Array.isArray(fitted) && fitted.length === 0 && Array.isArray(child) && child.length > 0) continue;
    if (
      fitted &&
      typeof fitted === 'object' &&
      !Array.isArray(fitted) &&
      Object.keys(fitted).length === 0 &&
      Object.keys(child as object).length > 0
    )
      continue;
    out[key] = fitted;
  }
  return out;
}

function planStep(draft: DraftStep, index: number, catalogue: CapabilityMeta[], notes: string[]): PlannedStep {
  const meta = catalogue.find((m) => m.id === draft.capability);
  const roles = meta?.planning?.roles;
  const base = {
    index,
    capability: draft.capability,
    target: draft.target,
    summary: draft.summary,
    ...(roles && roles.length > 0 ? { roles: [...roles] } : {}),
  };
  // A planned capability that is not built: its input is what its own planned entry's fields drafted, never sent.
  if (isUnbuilt(meta)) return { ...base, input: draft.input, available: false, reason: 'not built yet' };
  if (!meta) return { ...base, input: draft.input, available: false, reason: 'not registered' };
  const dropped: string[] = [];
  const input = fitToSchema(draft.input, meta.inputSchema, '', dropped) as Record<string, unknown>;
  if (dropped.length > 0) notes.push(`Step ${index + 1} (${meta.id}) does not accept ${dropped.join(', ')}; left out.`);
  return { ...base, input, available: true };
}

/** The capability appended after writing steps (role 'verify-writes'), when one is registered. */
export function verifierOf(catalogue: CapabilityMeta[]): CapabilityMeta | undefined {
  return withRole(catalogue, 'verify-writes').find((m) => !isUnbuilt(m));
}

function verifyDraft(verifier: CapabilityMeta, index: ProjectIndex, notes: string[]): DraftStep | null {
  const checks = [index.project.tsconfig ? 'typecheck' : null, index.project.testCommand ? 'tests' : null].filter(
    (c): c is string => c !== null,
  );
  if (checks.length === 0) {
    notes.push('The project has no tsconfig.json and no test script, so the changes cannot be verified by a type-check or tests.');
    return null;
  }
  return {
    capability: verifier.id,
    input: { checks },
    target: null,
    summary: `Verify the staged changes: ${checks.join(' and ')} before and after; roll back if anything that passed fails`,
  };
}

export interface FinalizeOptions {
  intent: string;
  summary: string;
  drafts: DraftStep[];
  notes: string[];
  catalogue: CapabilityMeta[];
  index: ProjectIndex;
  verify: boolean;
  filters?: PlanFilters;
}

export function finalizePlan(options: FinalizeOptions): Plan {
  const notes = [...options.notes];
  const drafts = dedupeDrafts(options.drafts);
  // Writers whose staged changes cannot change what the code does (documentation) declare `behaviourNeutral`.
  const writes = drafts.some((d) => {
    const meta = options.catalogue.find((m) => m.id === d.capability);
    return meta?.writes === true && meta.planning?.behaviourNeutral !== true && !isUnbuilt(meta);
  });
  const verifier = verifierOf(options.catalogue);
  if (options.verify && writes && verifier && !drafts.some((d) => d.capability === verifier.id)) {
    const verify = verifyDraft(verifier, options.index, notes);
    if (verify) drafts.push(verify);
  }
  const steps = drafts.map((d, i) => planStep(d, i, options.catalogue, notes));
  const skipped = steps.filter((s) => !s.available);
  if (skipped.length > 0) {
    notes.push(
      `${skipped.length} of ${steps.length} step(s) use capabilities that are not built yet or not registered (${[...new Set(skipped.map((s) => s.capability))].join(', ')}); they are shown and skipped, never faked.`,
    );
  }
  // The summary was drafted before the verify step was added and duplicates dropped: count the real steps.
  const summary = options.summary.replace(/\b\d+ step\(s\)\.$/, `${steps.length} step(s).`);
  const plan: Plan = { intent: options.intent, summary, steps, notes };
  if (options.filters && Object.keys(options.filters).length > 0) plan.filters = options.filters;
  return plan;
}

/** The same capability with the same input twice (two intents that both want a duplication scan) runs once. */
function dedupeDrafts(drafts: DraftStep[]): DraftStep[] {
  const seen = new Set<string>();
  return drafts.filter((d) => {
    const key = `${d.capability}\0${JSON.stringify(d.input)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
