/**
 * Option values named in prose, per capability input: security categories ("SQL injection",
 * "secrets"), codemods ("var to let/const", "convert to ESM"), simplify rules, rule families of the
 * analyses, and framework/library choices. Each table maps phrases (typo-tolerant) to input values.
 */
import { hasPhrase } from './recognise-intents.js';

type OptionTable = Record<string, string[]>;

export const SECURITY_CATEGORIES: OptionTable = {
  injection: ['injection', 'sql', 'nosql', 'command injection', 'path traversal', 'eval'],
  xss: ['xss', 'cross site scripting', 'innerhtml', 'dangerouslysetinnerhtml'],
  secrets: ['secret', 'hardcoded', 'credential', 'api key', 'password', 'token leak'],
  crypto: ['crypto', 'cryptography', 'hash', 'hashing', 'cipher', 'encryption', 'random'],
  csrf: ['csrf'],
  transport: ['cookie', 'cors', 'https', 'tls', 'transport'],
  jwt: ['jwt'],
  dependencies: ['insecure dependency', 'vulnerable dependency', 'vulnerable package', 'dependency', 'advisory', 'npm audit', 'package'],
};

export const CODEMODS: OptionTable = {
  'var-to-let-const': ['var', 'let const', 'let', 'const'],
  'promises-to-async': ['promise', 'then', 'async await', 'await', 'async'],
  'callbacks-to-async': ['callback', 'async await', 'await', 'async'],
  'cjs-to-esm': ['esm', 'es modules', 'es module', 'commonjs', 'cjs', 'require', 'import export'],
  'concat-to-template': ['template', 'template literal', 'concatenation', 'concat', 'string concatenation'],
};

export const SIMPLIFY_RULES: OptionTable = {
  'unused-imports': ['unused import'],
  'unused-variables': ['unused variable', 'unused local'],
  'unreachable-code': ['unreachable', 'dead code', 'dead'],
  'boolean-simplification': ['boolean'],
  'guard-clauses': ['guard clause', 'nested if', 'nested conditional', 'early return', 'nesting'],
};

export const PERFORMANCE_RULES: OptionTable = {
  'performance/unremoved-listener': ['memory leak', 'leak', 'listener'],
  'performance/uncleared-interval': ['memory leak', 'leak', 'interval', 'timer'],
  'performance/unbounded-cache': ['memory leak', 'leak', 'cache'],
  'performance/n-plus-one-query': ['query', 'queries', 'n+1', 'database'],
  'performance/select-star': ['query', 'queries', 'select', 'database'],
  'performance/unbounded-query': ['query', 'queries', 'pagination', 'database'],
  'performance/whole-library-import': ['bundle', 'bundle size', 'import size'],
  'performance/inline-jsx-prop': ['render', 'rerender', 're render', 'jsx'],
  'performance/missing-key': ['render', 'rerender', 're render', 'key'],
  'performance/missing-memoization': ['render', 'rerender', 're render', 'memoization', 'memo', 'memoize'],
  'performance/effect-missing-dependency': ['render', 'rerender', 'effect'],
  'performance/unstable-dependency': ['render', 'rerender', 'effect'],
  'performance/nested-loop-same-collection': ['algorithm', 'nested loop', 'loop'],
  'performance/linear-search-in-loop': ['algorithm', 'linear search', 'loop'],
};

export const SMELL_RULES: OptionTable = {
  'smells/long-function': ['long function', 'long method'],
  'smells/long-file': ['long file', 'large file', 'big file'],
  'smells/long-parameter-list': ['long parameter', 'parameter list', 'too many parameter'],
  'smells/deep-nesting': ['deep nesting', 'deeply nested'],
  'smells/large-class': ['large class', 'god class', 'big class'],
  'smells/magic-number': ['magic number'],
  'smells/unreachable-code': ['unreachable', 'dead code'],
  'smells/unused-export': ['unused export', 'dead code'],
  'smells/boolean-flag-parameter': ['flag parameter', 'boolean flag', 'boolean parameter'],
};

export const DEPENDENCY_RULES: OptionTable = {
  'dependencies/circular-dependency': ['circular', 'cycle', 'cyclic'],
  'dependencies/unused-dependency': ['unused'],
  'dependencies/missing-dependency': ['missing'],
  'dependencies/duplicate-dependency': ['duplicate'],
  'dependencies/multiple-versions': ['multiple version', 'several version'],
  'dependencies/heavy-dependency': ['heavy', 'large', 'bloated', 'big'],
};

export const STRUCTURE_RULES: OptionTable = {
  'structure/circular-import': ['circular', 'cycle', 'cyclic'],
  'structure/orphan-file': ['orphan', 'unused file'],
  'structure/mixed-concerns': ['mixed concern'],
  'structure/mixed-tests': ['mixed test', 'tests mixed'],
  'structure/deep-folder': ['deep folder', 'folder depth', 'nested folder'],
};

export const FRAMEWORKS: OptionTable = {
  react: ['react'], next: ['next', 'nextjs'], vue: ['vue'], svelte: ['svelte'], express: ['express'], fastify: ['fastify'], nestjs: ['nest', 'nestjs'],
};
export const LIBRARIES: OptionTable = {
  zod: ['zod'], ajv: ['ajv'], yup: ['yup'], prisma: ['prisma'], drizzle: ['drizzle'], typeorm: ['typeorm'], knex: ['knex'], sequelize: ['sequelize'],
  mongoose: ['mongoose'], postgresql: ['postgres', 'postgresql'], sqlite: ['sqlite'], jest: ['jest'], vitest: ['vitest'], mocha: ['mocha'],
  playwright: ['playwright'], tailwind: ['tailwind'], 'css-modules': ['css modules'], 'styled-components': ['styled components'],
};

/** The values of a table whose phrases occur in the words, in table order. */
export function pickOptions(words: string[], table: OptionTable): string[] {
  return Object.entries(table)
    .filter(([, phrases]) => phrases.some((p) => hasPhrase(words, p)))
    .map(([value]) => value);
}
