/** Refactoring phrasings: rename, extract, move, modernise, dedupe, simplify, suggest, verify. Here: cases across capabilities and questions; the phrasings one capability plans alone are in capabilities/<group>/<name>/planning-corpus.json. */
import type { CorpusCase } from './corpus-case.js';

const E = 'express-ts-api' as const;
const R = 'react-ts-app' as const;
const L = 'legacy-js-package' as const;
const S = 'refactoring-samples/shop' as const;

export const REFACTORING_CASES: CorpusCase[] = [
  { fixture: E, task: 'rename subtotl to sumLines', expect: { kind: 'question', options: ['subtotal'] } },
  { fixture: R, task: 'rename useTask to useTaskList', expect: { kind: 'question', options: ['useTasks'] } },
  { fixture: R, task: 'rename validateDraf to checkDraft', expect: { kind: 'question', options: ['validateDraft'] } },
  { fixture: E, task: 'rename priceOrder', expect: { kind: 'question' } },
  { fixture: R, task: 'rename file src/lib/priorty.ts to ranking.ts', expect: { kind: 'question', options: ['src/lib/priority.ts'] } },
  { fixture: E, task: 'extract lines 10-20 of src/app.ts', expect: { kind: 'question' } },
  { fixture: E, task: 'extract lines 400-420 of src/app.ts into a function called late', expect: { kind: 'question' } },
  { fixture: S, task: 'move formatPrice from src/cart.ts to src/format.ts', expect: { kind: 'question', options: ['src/money.ts'] } },
  { fixture: S, task: 'move formatPrise to src/format.ts', expect: { kind: 'question', options: ['formatPrice'] } },
  { fixture: L, task: 'modernize the legacy folder', expect: { kind: 'question', options: ['lib'] } },
  {
    fixture: E,
    task: 'find duplicate code and dedupe it',
    expect: { kind: 'plan', capabilities: ['analysis.duplication', 'refactoring.dedupe', 'refactoring.verify'] },
  },
  {
    fixture: R,
    task: 'remove duplicated code in src/lib, call the shared function normalise',
    expect: {
      kind: 'plan',
      capabilities: ['analysis.duplication', 'refactoring.dedupe', 'refactoring.verify'],
      inputs: { 'analysis.duplication': { include: ['src/lib/**'] }, 'refactoring.dedupe': { name: 'normalise' } },
    },
  },
];
