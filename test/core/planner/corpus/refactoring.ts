/** Refactoring phrasings: rename, extract, move, modernise, dedupe, simplify, suggest, verify. */
import type { CorpusCase } from './corpus-case.js';

const E = 'express-ts-api' as const;
const R = 'react-ts-app' as const;
const L = 'legacy-js-package' as const;
const S = 'refactoring-samples/shop' as const;
const VERIFY_TS = ['typecheck', 'tests'];

export const REFACTORING_CASES: CorpusCase[] = [
  { fixture: E, task: 'rename priceOrder to computeOrderPrice', expect: { kind: 'plan', capabilities: ['refactoring.rename', 'refactoring.verify'], inputs: { 'refactoring.rename': { symbol: 'priceOrder', newName: 'computeOrderPrice', file: 'src/services/pricing.ts' }, 'refactoring.verify': { checks: VERIFY_TS } }, target: 'src/services/pricing.ts#priceOrder' } },
  { fixture: E, task: 'renmae priceOrder to quote', expect: { kind: 'plan', capabilities: ['refactoring.rename', 'refactoring.verify'], inputs: { 'refactoring.rename': { symbol: 'priceOrder', newName: 'quote' } } } },
  { fixture: E, task: 'Rename `parseOrderInput` → `readOrderInput`', expect: { kind: 'plan', capabilities: ['refactoring.rename', 'refactoring.verify'], inputs: { 'refactoring.rename': { symbol: 'parseOrderInput', newName: 'readOrderInput' } } } },
  { fixture: E, task: 'please rename the class "OrderService" to "OrdersService"', expect: { kind: 'plan', capabilities: ['refactoring.rename', 'refactoring.verify'], inputs: { 'refactoring.rename': { symbol: 'OrderService', newName: 'OrdersService', file: 'src/services/order-service.ts' } } } },
  { fixture: E, task: 'change the name of subtotal to linesTotal', expect: { kind: 'plan', capabilities: ['refactoring.rename', 'refactoring.verify'], inputs: { 'refactoring.rename': { symbol: 'subtotal', newName: 'linesTotal' } } } },
  { fixture: E, task: 'rename subtotl to sumLines', expect: { kind: 'question', options: ['subtotal'] } },
  { fixture: R, task: 'rename useTask to useTaskList', expect: { kind: 'question', options: ['useTasks'] } },
  { fixture: R, task: 'rename validateDraf to checkDraft', expect: { kind: 'question', options: ['validateDraft'] } },
  { fixture: E, task: 'rename priceOrder', expect: { kind: 'question' } },
  { fixture: E, task: 'rename file src/errors.ts to http-errors.ts', expect: { kind: 'plan', capabilities: ['refactoring.rename', 'refactoring.verify'], inputs: { 'refactoring.rename': { file: 'src/errors.ts', newFileName: 'http-errors.ts' } }, target: 'src/errors.ts' } },
  { fixture: R, task: 'rename the priority.ts file to ranking.ts', expect: { kind: 'plan', capabilities: ['refactoring.rename', 'refactoring.verify'], inputs: { 'refactoring.rename': { file: 'src/lib/priority.ts', newFileName: 'ranking.ts' } } } },
  { fixture: R, task: 'rename file src/lib/priorty.ts to ranking.ts', expect: { kind: 'question', options: ['src/lib/priority.ts'] } },
  { fixture: E, task: 'extract lines 10-20 of src/app.ts into a function called setup', expect: { kind: 'plan', capabilities: ['refactoring.extract-function', 'refactoring.verify'], inputs: { 'refactoring.extract-function': { file: 'src/app.ts', startLine: 10, endLine: 20, name: 'setup' } }, target: 'src/app.ts' } },
  { fixture: R, task: 'extarct lines 20 to 30 from src/lib/priority.ts as scoreTags', expect: { kind: 'plan', capabilities: ['refactoring.extract-function', 'refactoring.verify'], inputs: { 'refactoring.extract-function': { file: 'src/lib/priority.ts', startLine: 20, endLine: 30, name: 'scoreTags' } } } },
  { fixture: R, task: 'pull lines 16-25 of validate.ts out into a helper named checkTitle', expect: { kind: 'plan', capabilities: ['refactoring.extract-function', 'refactoring.verify'], inputs: { 'refactoring.extract-function': { file: 'src/lib/validate.ts', startLine: 16, endLine: 25, name: 'checkTitle' } } } },
  { fixture: E, task: 'extract lines 10-20 of src/app.ts', expect: { kind: 'question' } },
  { fixture: E, task: 'extract lines 400-420 of src/app.ts into a function called late', expect: { kind: 'question' } },
  { fixture: S, task: 'move formatPrice from src/money.ts to src/format.ts', expect: { kind: 'plan', capabilities: ['refactoring.move', 'refactoring.verify'], inputs: { 'refactoring.move': { file: 'src/money.ts', symbol: 'formatPrice', to: 'src/format.ts' }, 'refactoring.verify': { checks: ['typecheck'] } }, target: 'src/money.ts#formatPrice' } },
  { fixture: S, task: 'move formatPrice to format.ts', expect: { kind: 'plan', capabilities: ['refactoring.move', 'refactoring.verify'], inputs: { 'refactoring.move': { file: 'src/money.ts', symbol: 'formatPrice', to: 'src/format.ts' } } } },
  { fixture: S, task: 'move formatPrice from src/cart.ts to src/format.ts', expect: { kind: 'question', options: ['src/money.ts'] } },
  { fixture: S, task: 'move formatPrise to src/format.ts', expect: { kind: 'question', options: ['formatPrice'] } },
  { fixture: S, task: 'move the checkout function into src/orders', expect: { kind: 'plan', capabilities: ['refactoring.move', 'refactoring.verify'], inputs: { 'refactoring.move': { symbol: 'checkout', file: 'src/checkout.ts', to: 'src/orders.ts' } } } },
  { fixture: L, task: 'modernize lib', expect: { kind: 'plan', capabilities: ['refactoring.modernize', 'refactoring.verify'], inputs: { 'refactoring.modernize': { include: ['lib/**'] }, 'refactoring.verify': { checks: ['tests'] } } } },
  { fixture: L, task: 'modernise the legacy code: var to let/const', expect: { kind: 'plan', capabilities: ['refactoring.modernize', 'refactoring.verify'], inputs: { 'refactoring.modernize': { codemods: ['var-to-let-const'] } } } },
  { fixture: L, task: 'convert to ESM', expect: { kind: 'plan', capabilities: ['refactoring.modernize', 'refactoring.verify'], inputs: { 'refactoring.modernize': { codemods: ['cjs-to-esm'] } } } },
  { fixture: L, task: 'convert the package from CommonJS to ES modules and set type module', expect: { kind: 'plan', capabilities: ['refactoring.modernize', 'refactoring.verify'], inputs: { 'refactoring.modernize': { codemods: ['cjs-to-esm'], setTypeModule: true } } } },
  { fixture: L, task: 'turn the callbacks in lib/files.js into async/await', expect: { kind: 'plan', capabilities: ['refactoring.modernize', 'refactoring.verify'], inputs: { 'refactoring.modernize': { include: ['lib/files.js'], codemods: ['promises-to-async', 'callbacks-to-async'] } } } },
  { fixture: L, task: 'replace string concatenation with template literals in lib/format.js', expect: { kind: 'plan', capabilities: ['refactoring.modernize', 'refactoring.verify'], inputs: { 'refactoring.modernize': { include: ['lib/format.js'], codemods: ['concat-to-template'] } } } },
  { fixture: L, task: 'modernize the legacy folder', expect: { kind: 'question', options: ['lib'] } },
  { fixture: L, task: 'modrenize lib/counters.js', expect: { kind: 'plan', capabilities: ['refactoring.modernize', 'refactoring.verify'], inputs: { 'refactoring.modernize': { include: ['lib/counters.js'] } }, target: 'lib/counters.js' } },
  { fixture: E, task: 'find duplicate code and dedupe it', expect: { kind: 'plan', capabilities: ['analysis.duplication', 'refactoring.dedupe', 'refactoring.verify'] } },
  { fixture: R, task: 'remove duplicated code in src/lib, call the shared function normalise', expect: { kind: 'plan', capabilities: ['analysis.duplication', 'refactoring.dedupe', 'refactoring.verify'], inputs: { 'analysis.duplication': { include: ['src/lib/**'] }, 'refactoring.dedupe': { name: 'normalise' } } } },
  { fixture: E, task: 'simplify src/app.ts: remove unused imports', expect: { kind: 'plan', capabilities: ['refactoring.simplify', 'refactoring.verify'], inputs: { 'refactoring.simplify': { include: ['src/app.ts'], rules: ['unused-imports'] } } } },
  { fixture: R, task: 'clean up the hooks folder', expect: { kind: 'plan', capabilities: ['refactoring.simplify', 'refactoring.verify'], inputs: { 'refactoring.simplify': { include: ['src/hooks/**'] } } } },
  { fixture: E, task: 'remove dead code and unused variables', expect: { kind: 'plan', capabilities: ['refactoring.simplify', 'refactoring.verify'], inputs: { 'refactoring.simplify': { rules: ['unused-variables', 'unreachable-code'] } } } },
  { fixture: E, task: 'replace nested ifs with guard clauses in src/routes/orders.ts', expect: { kind: 'plan', capabilities: ['refactoring.simplify', 'refactoring.verify'], inputs: { 'refactoring.simplify': { include: ['src/routes/orders.ts'], rules: ['guard-clauses'] } } } },
  { fixture: E, task: 'suggest refactorings', expect: { kind: 'plan', capabilities: ['refactoring.suggest'] } },
  { fixture: E, task: 'refactr src/routes/orders.ts', expect: { kind: 'plan', capabilities: ['refactoring.suggest'], inputs: { 'refactoring.suggest': { include: ['src/routes/orders.ts'] } } } },
  { fixture: R, task: 'what should I refactor first? give me the top 3', expect: { kind: 'plan', capabilities: ['refactoring.suggest'], inputs: { 'refactoring.suggest': { limit: 3 } } } },
  { fixture: E, task: 'run the tests', expect: { kind: 'plan', capabilities: ['testing.run'] } },
  { fixture: E, task: 'verify that everything still passes', expect: { kind: 'plan', capabilities: ['refactoring.verify'] } },
  { fixture: R, task: 'make sure the test suite passes', expect: { kind: 'plan', capabilities: ['testing.run'] } },
  { fixture: E, task: 'run the type check and the tests', expect: { kind: 'plan', capabilities: ['refactoring.verify'] } },
  { fixture: E, task: 'rename priceOrder to quoteOrder and do not verify', expect: { kind: 'plan', capabilities: ['refactoring.rename'] } },
  { fixture: E, task: 'rename OrderService -> OrderRepository', expect: { kind: 'plan', capabilities: ['refactoring.rename', 'refactoring.verify'], inputs: { 'refactoring.rename': { symbol: 'OrderService', newName: 'OrderRepository' } } } },
  { fixture: E, task: 'please move parseOrderInput into src/validation/parse.ts', expect: { kind: 'plan', capabilities: ['refactoring.move', 'refactoring.verify'], inputs: { 'refactoring.move': { file: 'src/validation/order-input.ts', symbol: 'parseOrderInput', to: 'src/validation/parse.ts' } } } },
  { fixture: E, task: 'simplify boolean logic everywhere except the tests', expect: { kind: 'plan', capabilities: ['refactoring.simplify', 'refactoring.verify'], inputs: { 'refactoring.simplify': { rules: ['boolean-simplification'], exclude: ['test/**', '**/*.test.*', '**/*.spec.*'] } } } },
  { fixture: E, task: 'give me refactoring ideas for the services folder', expect: { kind: 'plan', capabilities: ['refactoring.suggest'], inputs: { 'refactoring.suggest': { include: ['src/services/**'] } } } },
];
