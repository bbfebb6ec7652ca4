/** Debugging phrasings: pasted errors (stack traces, TypeError, tsc output), type-check, trace. Here: cases across capabilities and questions; the phrasings one capability plans alone are in capabilities/<group>/<name>/planning-corpus.json. */
import type { CorpusCase } from './corpus-case.js';

const E = 'express-ts-api' as const;
const R = 'react-ts-app' as const;

const STACK = `TypeError: Cannot read properties of undefined (reading 'title')
    at TaskList (src/components/TaskList.tsx:14:22)
    at renderWithHooks (node_modules/react-dom/cjs/react-dom.development.js:14985:18)`;

export const DEBUGGING_CASES: CorpusCase[] = [
  {
    fixture: R,
    task: `why am I getting ${STACK}`,
    expect: {
      kind: 'plan',
      capabilities: ['debugging.diagnose', 'debugging.explain'],
      inputs: { 'debugging.diagnose': { file: 'src/components/TaskList.tsx', line: 14 } },
      target: 'src/components/TaskList.tsx',
    },
  },
  {
    fixture: R,
    task: `fix this:\n${STACK}`,
    expect: {
      kind: 'plan',
      capabilities: ['debugging.diagnose', 'debugging.fix', 'refactoring.verify'],
      target: 'src/components/TaskList.tsx',
    },
  },
  {
    fixture: R,
    task: STACK,
    expect: { kind: 'plan', capabilities: ['debugging.diagnose', 'debugging.explain'], target: 'src/components/TaskList.tsx' },
  },
  {
    fixture: R,
    task: "fix this: src/lib/validate.ts(12,5): error TS2345: Argument of type 'string' is not assignable to parameter of type 'Priority'.",
    expect: {
      kind: 'plan',
      capabilities: ['debugging.diagnose', 'debugging.fix', 'refactoring.verify'],
      inputs: { 'debugging.fix': { file: 'src/lib/validate.ts', line: 12 } },
    },
  },
  {
    fixture: R,
    task: "what does TS2322: Type 'number' is not assignable to type 'string' mean?",
    expect: { kind: 'plan', capabilities: ['debugging.diagnose', 'debugging.explain'], target: null },
  },
  {
    fixture: E,
    task: 'explain "Cannot find module \'./db\'"',
    expect: { kind: 'plan', capabilities: ['debugging.diagnose', 'debugging.explain'] },
  },
  {
    fixture: E,
    task: 'I get ReferenceError: order is not defined at src/routes/orders.ts:30:7, please fix it',
    expect: {
      kind: 'plan',
      capabilities: ['debugging.diagnose', 'debugging.fix', 'refactoring.verify'],
      inputs: { 'debugging.diagnose': { file: 'src/routes/orders.ts', line: 30 } },
    },
  },
  // "why does X throw": the diagnosis is planned (not built yet: the job then ends incomplete), never "unsupported".
  {
    fixture: E,
    task: 'there is a bug in priceOrder, coupons are applied twice; fix it',
    expect: { kind: 'plan', capabilities: ['debugging.diagnose', 'debugging.fix', 'refactoring.verify'] },
  },
  {
    fixture: E,
    task: 'Explain: Error: connect ECONNREFUSED 127.0.0.1:5432',
    expect: { kind: 'plan', capabilities: ['debugging.diagnose', 'debugging.explain'], target: null },
  },
];
