/**
 * The documentation of analysis.complexity's rules (meta.rules: SARIF help, the reports' "why and how
 * to fix"). Severity grows with how far a value is over its threshold: up to 1.5× low, up to 2.5×
 * medium, beyond high (`severityFor` in ./findings.ts).
 */
import type { RuleDoc } from '../../../core/index.js';

export const RULE_IDS = [
  'complexity/cyclomatic',
  'complexity/cognitive',
  'complexity/nesting',
  'complexity/params',
  'complexity/lines',
  'complexity/maintainability',
] as const;

const SCALED = 'Severity grows with the excess: up to 1.5× the threshold low, up to 2.5× medium, beyond that high.';

export const RULES: RuleDoc[] = [
  {
    id: 'complexity/cyclomatic',
    title: 'Cyclomatic complexity over the threshold',
    defaultSeverity: 'low',
    category: 'maintainability',
    description: `A function whose cyclomatic complexity (1 + each if, loop, case, catch, ?:, &&, ||, ??, default value and optional chain, counted as ESLint's \`complexity\` rule counts) is above the threshold (default 10). ${SCALED}`,
    why: 'Each independent path needs its own test case; past about ten paths functions are hard to test completely and defects cluster in them.',
    example: {
      bad: 'function price(order) {\n  if (order.vip) { if (order.total > 100) return 0.8; else if (order.coupon) return 0.85; }\n  else if (order.coupon && order.total > 50) return 0.9;\n  // ... ten more branches\n}',
      good: 'const RULES = [{ when: isVipOver100, rate: 0.8 }, { when: isVipWithCoupon, rate: 0.85 }];\nfunction price(order) {\n  return RULES.find((r) => r.when(order))?.rate ?? 1;\n}',
    },
    fix: 'Split the function into smaller ones with one purpose each, or replace branch chains with a lookup table or polymorphism.',
  },
  {
    id: 'complexity/cognitive',
    title: 'Cognitive complexity over the threshold',
    defaultSeverity: 'low',
    category: 'maintainability',
    description: `A function whose cognitive complexity (SonarSource's measure: breaks in linear flow, weighted by how deeply they are nested) is above the threshold (default 15). ${SCALED}`,
    why: 'Cognitive complexity measures how hard code is to read: nested conditions and jumps force the reader to hold more state in mind, so changes there go wrong more often.',
    example: {
      bad: 'for (const a of as) {\n  if (a.ok) {\n    for (const b of a.items) {\n      if (b.ready && !b.sent) { send(b); }\n    }\n  }\n}',
      good: 'for (const a of as.filter((x) => x.ok)) sendReady(a.items);\n\nfunction sendReady(items) {\n  for (const b of items) if (b.ready && !b.sent) send(b);\n}',
    },
    fix: 'Flatten nested conditions with early returns and guard clauses, and extract nested loops and blocks into named functions.',
  },
  {
    id: 'complexity/nesting',
    title: 'Nesting deeper than the threshold',
    defaultSeverity: 'low',
    category: 'maintainability',
    description: `A function whose blocks nest deeper (counted as ESLint's \`max-depth\`) than the threshold (default 4). ${SCALED}`,
    why: 'Deeply nested code hides which condition an inner line runs under; readers lose track and edits land in the wrong branch.',
    example: {
      bad: 'if (user) {\n  if (user.active) {\n    for (const o of user.orders) {\n      if (o.open) {\n        if (o.total > 0) charge(o);\n      }\n    }\n  }\n}',
      good: 'if (!user?.active) return;\nfor (const o of user.orders) {\n  if (o.open && o.total > 0) charge(o);\n}',
    },
    fix: 'Return early for the exceptional cases, combine conditions, and extract inner loops into functions.',
  },
  {
    id: 'complexity/params',
    title: 'More parameters than the threshold',
    defaultSeverity: 'low',
    category: 'maintainability',
    description: `A function that declares more parameters than the threshold (default 4). ${SCALED}`,
    why: 'Long positional parameter lists are easy to call with arguments in the wrong order, and every new option changes every call site.',
    example: {
      bad: 'function createUser(name, email, role, team, locale, sendWelcome) { /* ... */ }',
      good: 'function createUser({ name, email, role, team, locale, sendWelcome }: NewUser) { /* ... */ }',
    },
    fix: 'Group related parameters into an options object (with a type), or split the function by what the parameters select.',
  },
  {
    id: 'complexity/lines',
    title: 'Function longer than the threshold',
    defaultSeverity: 'low',
    category: 'maintainability',
    description: `A function whose lines, first to last, exceed the threshold (default 50, ESLint \`max-lines-per-function\`'s default). ${SCALED}`,
    why: 'Long functions do several things at once: they are harder to name, to test in parts and to reuse, and they grow further because the next change fits "somewhere in there".',
    example: {
      bad: 'async function checkout(cart) {\n  // 40 lines validating, 30 lines pricing, 25 lines charging, 20 lines emailing\n}',
      good: 'async function checkout(cart) {\n  validate(cart);\n  const total = price(cart);\n  await charge(cart.customer, total);\n  await sendReceipt(cart.customer, total);\n}',
    },
    fix: 'Extract cohesive parts into their own well-named functions.',
  },
  {
    id: 'complexity/maintainability',
    title: 'Low maintainability index',
    defaultSeverity: 'low',
    category: 'maintainability',
    description:
      "A file whose maintainability index (Visual Studio's 0–100 scale from Halstead volume, cyclomatic complexity and lines of code) is below the threshold (default 20). Below half the threshold the finding is medium.",
    why: 'A low index marks files that are dense, branchy and long together: the ones where changes take longest and break most.',
    example: {
      bad: '// one 900-line module mixing parsing, validation, pricing and I/O, with 40-branch functions',
      good: '// parse.ts, validate.ts, price.ts and store.ts, each small, with short functions',
    },
    fix: 'Split the file by responsibility and simplify its most complex functions first (they weigh most in the index).',
  },
];
