/**
 * Testing and documentation phrasings (those not built yet are planned and shown unavailable). testing.unit
 * stages files, so, like every writing step, it is followed by refactoring.verify; the built documentation
 * writers (api, inline, readme) get no verify step (their changes are docs or comments only).
 */
import type { CorpusCase } from './corpus-case.js';

const E = 'express-ts-api' as const;
const R = 'react-ts-app' as const;

export const TESTING_DOCS_CASES: CorpusCase[] = [
  {
    fixture: E,
    task: 'write a README and a CONTRIBUTING guide',
    expect: { kind: 'plan', capabilities: ['documentation.readme', 'documentation.contributing'] },
  },
  {
    fixture: R,
    task: 'write unit tests and docs for src/lib/validate.ts',
    expect: { kind: 'plan', capabilities: ['testing.unit', 'documentation.api', 'refactoring.verify'] },
  },
];
