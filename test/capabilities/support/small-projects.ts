/** Small TypeScript projects the refactoring tester suites share (written by the tests, no fixture). */
export const TSCONFIG =
  '{ "compilerOptions": { "strict": true, "target": "ES2022", "module": "NodeNext", "moduleResolution": "NodeNext", "noEmit": true }, "include": ["src"] }\n';

/** A priced cart: money.ts exports formatPrice, cart.ts imports it. */
export const MONEY: Record<string, string> = {
  'tsconfig.json': TSCONFIG,
  'src/money.ts': 'export function formatPrice(cents: number): string {\n  return (cents / 100).toFixed(2);\n}\n',
  'src/cart.ts':
    "import { formatPrice } from './money.js';\n\nexport const label = (cents: number): string => `Total ${formatPrice(cents)}`;\n",
};

/** One function with a loop that sums, then a tax line. */
export const CALC: Record<string, string> = {
  'tsconfig.json': TSCONFIG,
  'src/calc.ts':
    'export function total(prices: number[]): number {\n  let sum = 0;\n  for (const p of prices) sum += p;\n  const tax = sum * 0.2;\n  return sum + tax;\n}\n',
};
