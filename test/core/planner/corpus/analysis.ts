/** Analysis phrasings: synonyms, typos, extra words, scopes, options. Here: cases across capabilities and questions; the phrasings one capability plans alone are in capabilities/<group>/<name>/planning-corpus.json. */
import type { CorpusCase } from './corpus-case.js';

const E = 'express-ts-api' as const;

export const ANALYSIS_CASES: CorpusCase[] = [
  { fixture: E, task: 'security scan of src/servces', expect: { kind: 'question', options: ['src/services'] } },
  {
    fixture: E,
    task: 'audit security and performance of src/routes',
    expect: {
      kind: 'plan',
      capabilities: ['analysis.security', 'analysis.performance'],
      inputs: { 'analysis.security': { include: ['src/routes/**'] }, 'analysis.performance': { include: ['src/routes/**'] } },
    },
  },
  {
    fixture: E,
    task: 'check complexity, then code smells, then naming',
    expect: { kind: 'plan', capabilities: ['analysis.complexity', 'analysis.smells', 'analysis.naming'] },
  },
  // phrasings written after the planner was tuned on the ones above (a check that it generalises)
  {
    fixture: E,
    task: 'check dependencies and security',
    expect: { kind: 'plan', capabilities: ['analysis.dependencies', 'analysis.security'] },
  },
  {
    fixture: E,
    task: 'analyse src for complexity and duplication',
    expect: {
      kind: 'plan',
      capabilities: ['analysis.complexity', 'analysis.duplication'],
      inputs: { 'analysis.complexity': { include: ['src/**'] }, 'analysis.duplication': { include: ['src/**'] } },
    },
  },
];
