/**
 * Testing and documentation phrasings (those not built yet are planned and shown unavailable). testing.unit
 * stages files, so, like every writing step, it is followed by refactoring.verify; the built documentation
 * writers (api, inline, readme) get no verify step (their changes are docs or comments only).
 */
import type { CorpusCase } from './corpus-case.js';

const E = 'express-ts-api' as const;
const R = 'react-ts-app' as const;
const L = 'legacy-js-package' as const;

export const TESTING_DOCS_CASES: CorpusCase[] = [
  { fixture: R, task: 'write unit tests for src/lib/priority.ts', expect: { kind: 'plan', capabilities: ['testing.unit', 'refactoring.verify'], inputs: { 'testing.unit': { include: ['src/lib/priority.ts'], runner: 'vitest' } }, target: 'src/lib/priority.ts' } },
  { fixture: R, task: 'write tests for urgencyScore', expect: { kind: 'plan', capabilities: ['testing.unit', 'refactoring.verify'], inputs: { 'testing.unit': { symbol: 'urgencyScore' } }, target: 'urgencyScore' } },
  { fixture: L, task: 'add unit tests for lib/format.js using jest', expect: { kind: 'plan', capabilities: ['testing.unit', 'refactoring.verify'], inputs: { 'testing.unit': { include: ['lib/format.js'], runner: 'jest' } } } },
  { fixture: L, task: 'run the tests', expect: { kind: 'plan', capabilities: ['testing.run'] } },
  { fixture: L, task: 'what is the coverage', expect: { kind: 'plan', capabilities: ['testing.coverage'] } },
  { fixture: E, task: 'what is our test coverage?', expect: { kind: 'plan', capabilities: ['testing.coverage'] } },
  { fixture: E, task: 'which code is untested?', expect: { kind: 'plan', capabilities: ['testing.gaps'] } },
  { fixture: R, task: 'find gaps in the tests', expect: { kind: 'plan', capabilities: ['testing.gaps'] } },
  { fixture: E, task: 'generate a README', expect: { kind: 'plan', capabilities: ['documentation.readme'] } },
  { fixture: E, task: 'write a readme for this project', expect: { kind: 'plan', capabilities: ['documentation.readme'] } },
  { fixture: E, task: 'generate API docs', expect: { kind: 'plan', capabilities: ['documentation.api'] } },
  { fixture: E, task: 'write a README', expect: { kind: 'plan', capabilities: ['documentation.readme'] } },
  { fixture: E, task: 'document the API', expect: { kind: 'plan', capabilities: ['documentation.api'] } },
  { fixture: E, task: 'add doc comments to src/errors.ts', expect: { kind: 'plan', capabilities: ['documentation.inline'], inputs: { 'documentation.inline': { include: ['src/errors.ts'] } }, target: 'src/errors.ts' } },
  { fixture: E, task: 'create an OpenAPI document for the routes', expect: { kind: 'plan', capabilities: ['documentation.api'] } },
  { fixture: R, task: 'add doc comments to src/hooks', expect: { kind: 'plan', capabilities: ['documentation.inline'], inputs: { 'documentation.inline': { include: ['src/hooks/**'] } }, target: 'src/hooks' } },
  { fixture: R, task: 'add JSDoc to urgencyScore', expect: { kind: 'plan', capabilities: ['documentation.inline'], inputs: { 'documentation.inline': { symbol: 'urgencyScore' } } } },
  { fixture: L, task: 'document lib/store.js', expect: { kind: 'plan', capabilities: ['documentation.inline'], inputs: { 'documentation.inline': { include: ['lib/store.js'] } } } },
  { fixture: R, task: 'write unit tests and docs for src/lib/validate.ts', expect: { kind: 'plan', capabilities: ['testing.unit', 'documentation.api', 'refactoring.verify'] } },
];
