/** analysis.dependencies's planning data: the dependency rules named in prose. */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'dependencies',
      label: 'analyse dependencies',
      keywords: 'dependencies,dependency,deps,package=2,packages=2,circular dependency,dependency graph,npm=2,imports=1.5',
      yieldsTo: [
        {
          intent: 'audit-security',
          pattern:
            '(dependenc\\w*|packages?|deps)\\b.{0,30}(vulnerab|cves?\\b|advisor|insecure)|(vulnerab|insecure|outdated)\\w*\\s+(dependenc|packages?|deps)',
        },
      ],
    },
  ],
  strategy: 'scope',
  stepTitle: 'Dependencies',
  fields: [
    {
      field: 'rules.enable',
      from: 'vocabulary',
      vocabulary: [
        {
          value: 'dependencies/circular-dependency',
          phrases: ['circular', 'cycle', 'cyclic'],
        },
        {
          value: 'dependencies/unused-dependency',
          phrases: ['unused'],
        },
        {
          value: 'dependencies/missing-dependency',
          phrases: ['missing'],
        },
        {
          value: 'dependencies/duplicate-dependency',
          phrases: ['duplicate'],
        },
        {
          value: 'dependencies/multiple-versions',
          phrases: ['multiple version', 'several version'],
        },
        {
          value: 'dependencies/heavy-dependency',
          phrases: ['heavy', 'large', 'bloated', 'big'],
        },
      ],
    },
  ],
};
