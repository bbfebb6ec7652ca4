/** documentation.examples' tester suite: examples from a vitest assertion, a call in the code and the signature; an up-to-date file left alone; human text kept; @example blocks; refusals; input schema. */
import { expect } from 'chai';
import { CapabilityTester } from '../../../../core/tester/index.js';

const PKG = JSON.stringify(
  { name: 'mini', version: '1.0.0', type: 'module', exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } } },
  null,
  2,
);
const TSCONFIG = JSON.stringify({
  compilerOptions: { rootDir: 'src', outDir: 'dist', strict: true, lib: ['es2022'], types: [] },
  include: ['src'],
});
const INDEX = [
  '/** Adds two numbers. */',
  'export function add(a: number, b: number): number {',
  '  return a + b;',
  '}',
  '',
  'export function half(value: number): number {',
  '  return value / 2;',
  '}',
  '',
  'export function twice(value: number): number {',
  '  return value * 2;',
  '}',
  '',
].join('\n');
const TEST = [
  "import { describe, expect, it } from 'vitest';",
  "import { add as sum } from '../src/index.js';",
  '',
  "describe('add', () => {",
  "  it('adds', () => {",
  '    expect(sum(2, 3)).toBe(5);',
  '    expect(sum(-1, 1)).not.toBe(1);',
  '  });',
  '});',
  '',
].join('\n');
const REPORT = "import { twice } from './index.js';\n\nexport const answer = twice(21);\n";
const MINI = { 'package.json': PKG, 'tsconfig.json': TSCONFIG, 'src/index.ts': INDEX, 'src/report.ts': REPORT, 'test/add.test.ts': TEST };

const section = (name: string, note: string, code: string): string =>
  [
    `<!-- agentd:begin example mini ${name} -->`,
    `## \`${name}\``,
    '',
    note,
    '',
    '```ts',
    `import { ${name} } from 'mini';`,
    '',
    code,
    '```',
    `<!-- agentd:end example mini ${name} -->`,
  ].join('\n');
const REGIONS = [
  section(
    'add',
    'From `test/add.test.ts:6`, `test/add.test.ts:7`; `// =>` is the result the test asserts.',
    'add(2, 3); // => 5\nadd(-1, 1);',
  ),
  section(
    'half',
    '_No call of it with standalone arguments in the tests or the code: built from the signature (the parameter names are placeholders)._',
    'half(value); // from the signature',
  ),
  section('twice', 'From `src/report.ts:3` (the code; no test calls it with standalone arguments).', 'twice(21);'),
].join('\n\n');
const EXAMPLES = `# Usage examples\n\nHow to call mini's public API, from the project's own tests and code.\n\n${REGIONS}\n`;
const HUMAN = '# Examples\n\nWritten by hand; kept byte for byte.\n';

const tsdocOf = (name: string, code: string): string =>
  [
    '/**',
    ' * @example',
    ' * ```ts',
    ` * import { ${name} } from 'mini';`,
    ' *',
    ...code.split('\n').map((l) => ` * ${l}`),
    ' * ```',
    ' */',
    '',
  ].join('\n');

describe('capabilities/documentation/examples cases', function () {
  this.timeout(120_000);
  new CapabilityTester({ capability: 'documentation.examples' }).run({
    valid: [
      {
        name: 'examples the capability wrote, with nothing changed since: unchanged',
        files: { ...MINI, 'docs/examples.md': EXAMPLES },
        check: (outcome) =>
          expect(outcome.result!.summary).to.equal(
            'Unchanged docs/examples.md: 3 export(s): 2 from real calls (1 with a result a test asserts), 1 from the signature (half: nothing calls them with standalone arguments). The 3 example(s) from real calls were not run (project code not allowed: running an example runs the package). Text outside the agentd regions is kept as written.',
          ),
      },
      {
        name: 'a symbol no export has: nothing written, said so',
        files: MINI,
        input: { symbol: 'parseDate' },
        check: (outcome) =>
          expect(outcome.result!.summary).to.equal(
            'No exported function or class matches symbol parseDate (3 in the public API); nothing written.',
          ),
      },
    ],
    invalid: [
      {
        name: 'a new docs/examples.md: the test call renamed to the public name with its asserted result, a call in the code, a signature example marked',
        files: MINI,
        changes: { 'docs/examples.md': EXAMPLES },
      },
      {
        name: 'an existing human file keeps its text; the examples are appended as marked regions',
        files: { ...MINI, 'docs/examples.md': HUMAN },
        changes: { 'docs/examples.md': `${HUMAN}\n${REGIONS}\n` },
      },
      {
        name: 'target tsdoc: an @example block in each comment (the existing summary kept), comments only',
        files: MINI,
        input: { target: 'tsdoc' },
        changes: {
          'src/index.ts': INDEX.replace(
            '/** Adds two numbers. */\n',
            "/**\n * Adds two numbers.\n *\n * @example\n * ```ts\n * import { add } from 'mini';\n *\n * add(2, 3); // => 5\n * add(-1, 1);\n * ```\n */\n",
          )
            .replace('export function half', `${tsdocOf('half', 'half(value); // from the signature')}export function half`)
            .replace('export function twice', `${tsdocOf('twice', 'twice(21);')}export function twice`),
        },
        check: (outcome) => expect(outcome.result!.summary).to.match(/^Added 3 @example block\(s\)\./),
      },
      {
        name: "a CommonJS JavaScript project without semicolons, double quotes: require, no ';', js fence",
        files: {
          'package.json': JSON.stringify({ name: 'legacy', version: '1.0.0', main: 'lib/index.js' }),
          '.prettierrc.json': JSON.stringify({ semi: false, singleQuote: false }),
          'lib/index.js': 'function add(a, b) {\n  return a + b\n}\n\nmodule.exports = { add }\n',
          'test/add.test.js':
            'const assert = require("node:assert/strict")\nconst { add } = require("../lib/index.js")\n\nassert.equal(add(1, 2), 3)\n',
        },
        changes: {
          'docs/examples.md': {
            contains: [
              '```js\nconst { add } = require("legacy")\n\nadd(1, 2) // => 3\n```',
              'From `test/add.test.js:4`; `// =>` is the result the test asserts.',
            ],
          },
        },
      },
      {
        name: 'React components: a JSX use in a test shown as written, a component nothing renders gets JSX from its props (tsx fences)',
        files: {
          'package.json': JSON.stringify({ name: 'ui', version: '1.0.0', type: 'module', exports: { '.': './dist/index.js' } }),
          'tsconfig.json': JSON.stringify({ compilerOptions: { jsx: 'react-jsx', strict: true, rootDir: 'src', outDir: 'dist' } }),
          'src/index.ts': "export { Badge } from './Badge.js';\nexport { Panel } from './Panel.js';\n",
          'src/Badge.tsx':
            'export function Badge({ label, tone }: { label: string; tone?: string }) {\n  return <span className={tone}>{label}</span>;\n}\n',
          'src/Panel.tsx': 'export function Panel({ title }: { title: string }) {\n  return <section><h2>{title}</h2></section>;\n}\n',
          'test/Badge.test.tsx':
            "import { render } from '@testing-library/react';\nimport { Badge } from '../src/Badge.js';\n\nit('shows the label', () => {\n  render(<Badge label=\"new\" />);\n});\n",
        },
        changes: {
          'docs/examples.md': {
            contains: [
              'From `test/Badge.test.tsx:5` (a test, with no asserted result).\n\n```tsx\nimport { Badge } from \'ui\';\n\n<Badge label="new" />;\n```',
              "```tsx\nimport { Panel } from 'ui';\n\n<Panel title={title} />; // from the signature\n```",
            ],
          },
        },
      },
      {
        name: 'no exports: code declared in a global namespace',
        files: {
          'tsconfig.json': TSCONFIG,
          'src/geometry.ts':
            'namespace Geometry {\n  export function area(width: number, height: number): number {\n    return width * height;\n  }\n}\n',
        },
        error: { code: 'documentation_refused', message: 'No exported function or class to give examples for' },
      },
      {
        name: 'target tsdoc with an output file',
        files: MINI,
        input: { target: 'tsdoc', out: 'docs/x.md' },
        error: { code: 'documentation_refused', message: 'with target "tsdoc" the examples go into the doc comments' },
      },
    ],
    inputErrors: [
      { name: 'an unknown target', input: { target: 'html' }, message: '/target must be equal to one of the allowed values' },
      { name: 'an empty output path', input: { out: '' }, message: '/out must NOT have fewer than 1 characters' },
      { name: 'an unknown option', input: { limit: 3 }, message: 'must NOT have additional properties' },
    ],
  });
});
