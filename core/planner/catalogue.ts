/**
 * The 50 capability ids agentd ships (CAPABILITIES.md), with titles. The planner plans against this
 * list; a step whose id is not registered yet is shown as "not built yet" and skipped. Registered
 * metas always win over the titles here.
 */
import type { CapabilityGroup, CapabilityMeta } from '../contracts/index.js';

export interface CatalogueEntry {
  id: string;
  group: CapabilityGroup;
  title: string;
}

const RAW: Record<CapabilityGroup, [string, string][]> = {
  generation: [
    ['component', 'UI component'], ['hook', 'React hook'], ['api-route', 'REST route handlers'], ['crud-resource', 'CRUD resource'],
    ['db-schema', 'Database schema'], ['migration', 'SQL migration'], ['types', 'TypeScript types'], ['validator', 'Runtime validator'],
    ['service', 'Service module'], ['client', 'HTTP client'], ['config', 'Tooling config'], ['scaffold', 'Scaffold from template'],
  ],
  analysis: [
    ['complexity', 'Complexity'], ['smells', 'Code smells'], ['duplication', 'Duplication'], ['naming', 'Naming'], ['structure', 'Structure'],
    ['dependencies', 'Dependencies'], ['quality', 'Quality score'], ['security', 'Security'], ['performance', 'Performance'], ['lint', 'Lint (ESLint)'],
  ],
  refactoring: [
    ['suggest', 'Suggest refactorings'], ['rename', 'Rename'], ['extract-function', 'Extract function'], ['move', 'Move declaration'],
    ['modernize', 'Modernize'], ['dedupe', 'Dedupe'], ['simplify', 'Simplify'], ['verify', 'Verify'],
  ],
  testing: [
    ['unit', 'Unit tests'], ['integration', 'Integration tests'], ['e2e', 'End-to-end tests'], ['component', 'Component tests'],
    ['fixtures', 'Test fixtures'], ['run', 'Run tests'], ['coverage', 'Coverage'], ['gaps', 'Test gaps'],
  ],
  documentation: [
    ['readme', 'README'], ['api', 'API reference'], ['inline', 'Inline doc comments'], ['examples', 'Usage examples'],
    ['architecture', 'Architecture diagram'], ['contributing', 'Contributing guidelines'],
  ],
  debugging: [
    ['diagnose', 'Diagnose an error'], ['explain', 'Explain an error'], ['fix', 'Fix an error'], ['reproduce', 'Reproduce a bug'],
    ['typecheck', 'Type-check'], ['trace', 'Trace values and calls'],
  ],
};

export const CATALOGUE: readonly CatalogueEntry[] = (Object.keys(RAW) as CapabilityGroup[]).flatMap((group) =>
  RAW[group].map(([name, title]) => ({ id: `${group}.${name}`, group, title })),
);

/** The title of an id: the registered meta's, else the catalogue's, else the id itself. */
export function titleOf(id: string, registered: CapabilityMeta[]): string {
  return registered.find((m) => m.id === id)?.title ?? CATALOGUE.find((c) => c.id === id)?.title ?? id;
}
