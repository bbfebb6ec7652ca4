/** The documentation of every analysis.smells rule (meta.rules). */
import type { RuleDoc } from '../../../core/index.js';

export const SMELL_RULES: RuleDoc[] = [
  {
    id: 'smells/long-function',
    title: 'Long function',
    defaultSeverity: 'medium',
    category: 'maintainability',
    description: 'A function spans more lines than the threshold (default 200, SonarQube S138).',
    why: 'Long functions do several things at once; they are hard to name, test and change safely.',
    example: {
      bad: 'function handle(req) {\n  // 250 lines of parsing, validation, saving and rendering\n}',
      good: 'function handle(req) {\n  const input = parse(req);\n  validate(input);\n  return render(save(input));\n}',
    },
    fix: 'Extract cohesive steps into well-named functions.',
  },
  {
    id: 'smells/long-file',
    title: 'Long file',
    defaultSeverity: 'medium',
    category: 'maintainability',
    description: 'A file holds more lines of code (comments and blank lines excluded) than the threshold (default 1000, SonarQube S104).',
    why: 'Very long files mix concerns, attract merge conflicts and hide related code.',
    example: {
      bad: '// orders.ts: 1400 lines of routes, SQL, pricing and e-mails',
      good: '// routes/orders.ts, services/pricing.ts, mail/order-mail.ts',
    },
    fix: 'Split the file by concern into modules of one concept each.',
  },
  {
    id: 'smells/long-parameter-list',
    title: 'Long parameter list',
    defaultSeverity: 'medium',
    category: 'maintainability',
    description: 'A function takes more parameters than the threshold (default 7, SonarQube S107).',
    why: 'Callers must remember the order of many arguments; adding one more touches every call.',
    example: {
      bad: 'function book(name, email, phone, from, to, room, guests, breakfast) {}',
      good: 'function book(guest: Guest, stay: Stay) {}',
    },
    fix: 'Group related parameters into an object or introduce a parameter type.',
  },
  {
    id: 'smells/deep-nesting',
    title: 'Deeply nested control flow',
    defaultSeverity: 'medium',
    category: 'maintainability',
    description: 'if/for/while/switch/try statements are nested deeper than the threshold (default 3, SonarQube S134) inside one function.',
    why: 'Each level multiplies the paths a reader must keep in mind.',
    example: {
      bad: 'for (const a of as) {\n  if (a.ok) {\n    for (const b of a.bs) {\n      if (b.ok) { use(b); }\n    }\n  }\n}',
      good: 'for (const b of as.filter(isOk).flatMap((a) => a.bs)) {\n  if (b.ok) use(b);\n}',
    },
    fix: 'Return early, invert conditions, or extract the inner blocks into functions.',
  },
  {
    id: 'smells/large-class',
    title: 'Large class',
    defaultSeverity: 'medium',
    category: 'maintainability',
    description: 'A class has more methods (default 20), fields (default 15) or lines (default 500) than the thresholds.',
    why: 'A class that knows and does too much ("god class") couples unrelated behaviour.',
    example: {
      bad: 'class App { /* 40 methods: routing, db, mail, cache */ }',
      good: 'class Router {}\nclass OrderRepository {}\nclass Mailer {}',
    },
    fix: 'Split the class by responsibility and delegate to the smaller classes.',
  },
  {
    id: 'smells/magic-number',
    title: 'Magic number',
    defaultSeverity: 'low',
    category: 'maintainability',
    description:
      "A numeric literal other than 0, 1, -1 and 2 is used inline. Not reported: a const declaration's initialiser (or a literal inside a const object/array table), enum members, default parameter values, array indices, literal types, radixes and digit counts (parseInt, toString, toFixed), HTTP status codes passed to res.status()/sendStatus()/writeHead() or an *Error constructor, and test files.",
    why: 'An unnamed number hides its meaning and is easy to change in one place but not another.',
    example: {
      bad: 'if (password.length < 12) reject();',
      good: 'const MIN_PASSWORD_LENGTH = 12;\nif (password.length < MIN_PASSWORD_LENGTH) reject();',
    },
    fix: 'Give the number a name with a const declaration.',
  },
  {
    id: 'smells/unreachable-code',
    title: 'Unreachable code',
    defaultSeverity: 'medium',
    category: 'dead-code',
    description:
      'Statements follow a return, throw, break or continue in the same block and can never run (function declarations, which are hoisted, are not reported).',
    why: 'Dead statements mislead readers into thinking they run, and usually hide a bug.',
    example: { bad: 'function f() {\n  return 1;\n  cleanup();\n}', good: 'function f() {\n  cleanup();\n  return 1;\n}' },
    fix: 'Delete the unreachable statements or move them before the jump.',
  },
  {
    id: 'smells/unused-export',
    title: 'Unused export',
    defaultSeverity: 'low',
    category: 'dead-code',
    description:
      "An exported value is imported by no other file of the project. Entry points (package.json main/module/exports/bin, configured entry globs, config files) and index files re-exporting a public API count as used; default exports and (unless includeTypes) types are not reported; a namespace import, `export *` re-export, `require()` or dynamic `import()` marks all of a module's exports used, and so does loading it by path as analysis.structure sees it (a computed `import()`/`require()` such as `import(path.join(here, file))` or `` import(`./plugins/${name}.js`) `` — each computed part is one path segment —, a Worker or Piscina script, `new URL('./x.js', import.meta.url)`, any other `./` path string).",
    why: 'Dead exports look like API others rely on, so nobody dares to delete them.',
    example: {
      bad: '// pricing.ts\nexport function legacyDiscount() {} // imported nowhere',
      good: '// pricing.ts\nfunction legacyDiscount() {} // or delete it',
    },
    fix: 'Delete the export, or drop the `export` keyword if the file still uses it.',
  },
  {
    id: 'smells/boolean-flag-parameter',
    title: 'Boolean flag parameter',
    defaultSeverity: 'low',
    category: 'maintainability',
    description:
      'A parameter typed `boolean` (or defaulting to true/false) selects between behaviours in an if or ?: of the function. Setters (set*/toggle*/use* and `set` accessors), destructured option objects and callbacks are not reported.',
    why: 'Call sites read as `render(true)`: the reader cannot tell what true means, and the function does two things.',
    example: {
      bad: 'function price(order, express = false) {\n  return express ? base(order) + 12 : base(order);\n}\nprice(order, true);',
      good: 'function price(order) { return base(order); }\nfunction expressPrice(order) { return price(order) + 12; }',
    },
    fix: 'Split the function into two with descriptive names, or pass an options object.',
  },
];

export const SMELL_RULE_IDS = SMELL_RULES.map((r) => r.id);
