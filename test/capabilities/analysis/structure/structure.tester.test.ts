import { expect } from 'chai';
import { meta } from '../../../../capabilities/analysis/structure.js';
import type { StructureInput } from '../../../../capabilities/analysis/structure/options.js';
import type { StructureReport } from '../../../../capabilities/analysis/structure/analyze-structure.js';
import { CapabilityTester } from '../../../../core/tester/index.js';
import { runOnFiles } from '../../support/sample-runs.js';

interface Case {
  name: string;
  files: Record<string, string>;
  input?: StructureInput;
  /** [ruleId, file, line] of every finding of the rules under test. */
  expect: [string, string, number][];
  rule: string;
}

const pkg = (extra: Record<string, unknown> = {}): string => JSON.stringify({ name: 'sample', ...extra }, null, 2);

const cases: Case[] = [
  {
    rule: 'structure/circular-import',
    name: 'a three-module import cycle, listed as its path',
    expect: [['structure/circular-import', 'src/a.ts', 2]],
    files: {
      'src/index.ts': "import './a';\n",
      'src/a.ts': "// a\nimport { b } from './b';\nexport const a = () => b();\n",
      'src/b.ts': "import { c } from './c.js';\nexport const b = () => c();\n",
      'src/c.ts': "import { a } from './a';\nexport const c = () => a();\n",
    },
  },
  {
    rule: 'structure/circular-import',
    name: 'a cycle closed only by a type-only import',
    expect: [],
    files: {
      'src/index.ts': "import './a';\n",
      'src/a.ts': "import { b } from './b';\nexport interface A { n: number }\nexport const a = b;\n",
      'src/b.ts': "import type { A } from './a';\nexport const b = (x: A) => x.n;\n",
    },
  },
  {
    rule: 'structure/circular-import',
    name: 'a cycle through a tsconfig path alias and an index file',
    expect: [['structure/circular-import', 'src/lib/index.ts', 1]],
    files: {
      'tsconfig.json': '{ "compilerOptions": { "baseUrl": ".", /* aliases */ "paths": { "@lib/*": ["src/lib/*"], }, }, }',
      'src/main.ts': "import '@lib/util';\n",
      'src/lib/index.ts': "import { u } from '@lib/util';\nexport const i = u;\n",
      'src/lib/util.ts': "import { i } from '.';\nexport const u = () => i;\n",
    },
  },
  {
    rule: 'structure/orphan-file',
    name: 'a module nothing imports',
    expect: [['structure/orphan-file', 'src/old-helpers.ts', 1]],
    files: {
      'package.json': pkg(),
      'src/index.ts': "import { x } from './used';\nconsole.log(x);\n",
      'src/used.ts': 'export const x = 1;\n',
      'src/old-helpers.ts': 'export const legacy = 2;\n',
    },
  },
  {
    rule: 'structure/orphan-file',
    name: 'entry points (by convention, package.json, HTML, path literals) as orphans',
    expect: [],
    files: {
      'package.json': pkg({
        bin: { tool: './dist/cli.js' },
        exports: { '.': { import: './src/lib.js' } },
        scripts: { seed: 'node tools/seed.js' },
      }),
      'index.html': '<script type="module" src="/src/main.tsx"></script>',
      'src/main.tsx': "import { App } from './App';\nimport './boot';\nimport { load } from './load';\nApp();\nvoid load('alpha');\n",
      'src/App.tsx': 'export const App = () => <div />;\n',
      'src/cli.ts': 'console.log(1);\n',
      'src/lib.js': 'export const lib = 1;\n',
      'tools/seed.js': 'console.log(2);\n',
      'src/util.test.ts': 'it("x", () => {});\n',
      'test/setup.ts': '',
      'vite.config.ts': 'export default {};\n',
      'src/widgets/index.ts': 'export {};\n',
      'src/Button.stories.tsx': 'export default {};\n',
      'src/worker.ts': 'self.onmessage = () => {};\n',
      'src/boot.ts': "new Worker(new URL('./worker.ts', import.meta.url));\n",
      'src/plugins/alpha.ts': 'export {};\n',
      'src/load.ts': 'export const load = (n: string) => import(`./plugins/${n}.js`);\n',
      'src/types.d.ts': 'declare const x: number;\n',
    },
  },
  {
    rule: 'structure/orphan-file',
    name: 'service entries named server.* as orphans',
    expect: [],
    files: {
      'package.json': pkg(),
      'src/server.ts': "import { app } from './app';\napp.listen(3000);\n",
      'src/app.ts': 'export const app = { listen: (port: number) => port };\n',
      'services/search-api/server.ts': 'console.log(1);\n',
    },
  },
  {
    rule: 'structure/orphan-file',
    name: 'orphans when include globs hide the importers',
    input: { include: ['src/used.ts'] },
    expect: [],
    files: { 'src/index.ts': "import { x } from './used';\n", 'src/used.ts': 'export const x = 1;\n', 'src/other.ts': 'export {};\n' },
  },
  {
    rule: 'structure/orphan-file',
    name: 'files under a Next.js app/ folder as orphans',
    expect: [],
    files: {
      'package.json': pkg({ dependencies: { next: '15.0.0', react: '19.0.0' } }),
      'app/page.tsx': 'export default function Page() { return <main />; }\n',
      'app/dashboard/layout.tsx': 'export default function L({ children }) { return children; }\n',
      'lib/db.ts': 'export const db = 1;\n',
      'app/api/route.ts': "import { db } from '../../lib/db';\nexport const GET = () => db;\n",
    },
  },
  {
    rule: 'structure/mixed-concerns',
    name: 'a component that queries the database',
    expect: [['structure/mixed-concerns', 'src/Users.tsx', 1]],
    files: {
      'src/Users.tsx':
        "import { Pool } from 'pg';\nconst pool = new Pool();\nexport function Users() {\n  void pool.query('select * from users');\n  return <ul />;\n}\n",
    },
  },
  {
    rule: 'structure/mixed-concerns',
    name: 'a component that registers HTTP routes',
    expect: [['structure/mixed-concerns', 'src/Admin.jsx', 3]],
    files: {
      'src/Admin.jsx':
        "export function Admin() { return <div />; }\nexport function mount(app) {\n  app.get('/admin', (req, res) => res.send('ok'));\n}\n",
    },
  },
  {
    rule: 'structure/mixed-concerns',
    name: 'route handlers with queries, UI-only components or "use server" files as mixed concerns',
    expect: [],
    files: {
      'src/routes.ts':
        "import express from 'express';\nimport { Pool } from 'pg';\nconst pool = new Pool();\nexport const router = express.Router();\nrouter.get('/users', async (_req, res) => res.json((await pool.query('select * from users')).rows));\n",
      'src/List.tsx':
        "import { useState } from 'react';\nexport function List() { const [n] = useState(0); return <p>{n} items from /api/users</p>; }\n",
      'src/actions.tsx': "'use server';\nimport { PrismaClient } from '@prisma/client';\nexport async function Row() { return <tr />; }\n",
    },
  },
  {
    rule: 'structure/mixed-tests',
    name: 'a test beside source in a project that keeps tests in test/',
    expect: [['structure/mixed-tests', 'src/cart.test.ts', 1]],
    files: {
      'src/cart.ts': 'export const cart = 1;\n',
      'src/cart.test.ts': "import { cart } from './cart';\n",
      'test/a.test.ts': '',
      'test/b.test.ts': '',
      'test/c.test.ts': '',
      'test/d.test.ts': '',
    },
  },
  {
    rule: 'structure/mixed-tests',
    name: 'colocated tests when the project colocates them all',
    expect: [],
    files: {
      'src/cart.ts': '',
      'src/cart.test.ts': '',
      'src/order.ts': '',
      'src/order.test.ts': '',
      'src/user.ts': '',
      'src/user.test.ts': '',
    },
  },
  {
    rule: 'structure/deep-folder',
    name: 'a folder deeper than maxDepth',
    input: { maxDepth: 3 },
    expect: [['structure/deep-folder', 'src/a/b/c/deep.ts', 1]],
    files: { 'src/a/b/c/deep.ts': 'export {};\n', 'src/a/b/ok.ts': 'export {};\n' },
  },
  {
    rule: 'structure/deep-folder',
    name: 'a folder within the default depth limit',
    expect: [],
    files: { 'src/a/b/c/d/e/f.ts': 'export {};\n' },
  },
];

describe('capabilities/analysis/structure', () => {
  // The rule cases on CapabilityTester: the findings of the case's rule, [rule, file, line] in the order reported.
  new CapabilityTester({ capability: 'analysis.structure', findings: { ordered: true } }).run({
    valid: cases
      .filter((c) => c.expect.length === 0)
      .map((c) => ({ name: `does not report ${c.name}`, ruleId: c.rule, files: c.files, input: c.input as Record<string, unknown> })),
    invalid: cases
      .filter((c) => c.expect.length > 0)
      .map((c) => ({
        name: `reports ${c.name}`,
        ruleId: c.rule,
        files: c.files,
        input: c.input as Record<string, unknown>,
        findings: c.expect.map(([ruleId, file, line]) => ({ ruleId, file, line })),
      })),
    inputErrors: [
      { name: 'maxDepth below 1', input: { maxDepth: 0 }, message: '/maxDepth must be >= 1' },
      { name: 'an unknown option', input: { depth: 3 }, message: 'must NOT have additional properties' },
    ],
  });

  it('lists each cycle as a path through its modules', async () => {
    const result = await runOnFiles('analysis.structure', cases[0]!.files, {});
    expect((result.data as Omit<StructureReport, 'findings'>).cycles.map((c) => c.path)).to.deep.equal([
      ['src/a.ts', 'src/b.ts', 'src/c.ts', 'src/a.ts'],
    ]);
  });

  it('reports the size distribution and the largest files', async () => {
    const lines = (n: number): string => 'const x = 1;\n'.repeat(n);
    const result = await runOnFiles(
      'analysis.structure',
      { 'a.ts': lines(50), 'b.ts': lines(300), 'c.ts': lines(1200), 'd.ts': lines(120) },
      { largest: 2 },
    );
    const data = result.data as Omit<StructureReport, 'findings'>;
    expect(data.sizes.buckets.map((b) => b.files)).to.deep.equal([1, 1, 1, 0, 1]);
    expect(data.sizes.largest).to.deep.equal([
      { file: 'c.ts', lines: 1200 },
      { file: 'b.ts', lines: 300 },
    ]);
  });

  it('has every rule documented and tested (meta-test)', () => {
    for (const rule of meta.rules!) {
      for (const field of [rule.id, rule.title, rule.description, rule.why, rule.fix, rule.example.bad, rule.example.good])
        expect(field, rule.id).to.be.a('string').and.not.equal('');
      expect(
        cases.some((c) => c.rule === rule.id && c.expect.length > 0),
        `${rule.id} has an invalid case`,
      ).to.equal(true);
      expect(
        cases.some((c) => c.rule === rule.id && c.expect.length === 0),
        `${rule.id} has a valid case`,
      ).to.equal(true);
    }
  });
});
