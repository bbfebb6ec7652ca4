/**
 * Known-heavy or deprecated packages and their lighter replacements. Sizes are approximate
 * minified+gzipped bundle sizes of the whole package as commonly measured (bundlephobia-style), for
 * orientation only; `deprecated` marks packages their maintainers retired.
 */

export interface HeavyPackage {
  /** Approximate min+gzip size in KB of importing the whole package; null when size is not the point. */
  sizeKB: number | null;
  alternatives: string;
  reason: string;
  deprecated?: boolean;
  /** Only the whole-package import is heavy (`lodash`, not `lodash/get`). */
  wholeImportOnly?: boolean;
}

export const HEAVY_PACKAGES: Record<string, HeavyPackage> = {
  moment: {
    sizeKB: 72,
    alternatives: 'dayjs (~3 KB), date-fns (per-function imports), Luxon, or Intl.DateTimeFormat',
    reason:
      'moment is large, mutable and not tree-shakeable, and ships every locale; its maintainers call it a legacy project in maintenance mode',
  },
  'moment-timezone': {
    sizeKB: 100,
    alternatives: 'Intl.DateTimeFormat with timeZone, date-fns-tz or Luxon',
    reason: 'it bundles the IANA time-zone database on top of moment',
  },
  lodash: {
    sizeKB: 25,
    alternatives: 'lodash-es with named imports, per-method imports (lodash/get), or native Array/Object methods',
    reason: 'importing the whole CommonJS build pulls every function into the bundle',
    wholeImportOnly: true,
  },
  underscore: {
    sizeKB: 7,
    alternatives: 'native Array/Object methods',
    reason: 'most of it has native equivalents since ES2015',
    wholeImportOnly: true,
  },
  jquery: {
    sizeKB: 30,
    alternatives: 'native DOM APIs (querySelector, fetch, classList)',
    reason: 'modern browsers provide what it abstracted',
  },
  request: {
    sizeKB: null,
    alternatives: 'native fetch (Node 18+), undici, got or axios',
    reason: 'deprecated since February 2020 and unmaintained (known unfixed advisories)',
    deprecated: true,
  },
  'request-promise': {
    sizeKB: null,
    alternatives: 'native fetch (Node 18+), undici or got',
    reason: 'deprecated together with request',
    deprecated: true,
  },
  'node-sass': {
    sizeKB: null,
    alternatives: 'sass (Dart Sass)',
    reason: 'LibSass and node-sass are deprecated; native builds break on new Node versions',
    deprecated: true,
  },
  tslint: { sizeKB: null, alternatives: 'ESLint with typescript-eslint', reason: 'TSLint was deprecated in 2019', deprecated: true },
  bluebird: {
    sizeKB: 18,
    alternatives: 'native Promise and async/await',
    reason: 'native promises are fast and complete; its own docs advise against new use',
  },
  'aws-sdk': {
    sizeKB: null,
    alternatives: 'the modular AWS SDK v3 clients (@aws-sdk/client-s3, ...)',
    reason: 'AWS SDK for JavaScript v2 is monolithic and reached end of support in September 2025',
    deprecated: true,
  },
  'crypto-js': {
    sizeKB: 15,
    alternatives: 'node:crypto or the Web Crypto API',
    reason: 'discontinued by its maintainer in 2023; native crypto is faster and audited',
    deprecated: true,
  },
  faker: {
    sizeKB: null,
    alternatives: '@faker-js/faker',
    reason: 'the original package was sabotaged and abandoned in January 2022',
    deprecated: true,
  },
  querystring: {
    sizeKB: null,
    alternatives: 'URLSearchParams',
    reason: 'the npm package is deprecated; the platform has URLSearchParams',
    deprecated: true,
  },
  'left-pad': {
    sizeKB: null,
    alternatives: 'String.prototype.padStart',
    reason: 'deprecated; the language has padStart',
    deprecated: true,
  },
  mkdirp: { sizeKB: null, alternatives: 'fs.mkdir(path, { recursive: true })', reason: 'Node has recursive mkdir since 10.12' },
  'core-js': {
    sizeKB: 50,
    alternatives: 'targeted polyfills (core-js/actual/<feature>) or @babel/preset-env with useBuiltIns: "usage"',
    reason: 'importing all of core-js polyfills everything, needed or not',
    wholeImportOnly: true,
  },
  rxjs: {
    sizeKB: null,
    alternatives: 'named imports from "rxjs" (tree-shakeable) instead of "rxjs/Rx"',
    reason: 'the rxjs/Rx entry pulls the whole library',
    wholeImportOnly: true,
  },
};

/** True when an import of `specifier` loads the whole of `name` (for wholeImportOnly packages). */
export function isWholeImport(name: string, specifier: string): boolean {
  if (name === 'rxjs') return specifier === 'rxjs/Rx';
  return specifier === name;
}
