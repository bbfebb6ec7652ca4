/** The rules analysis.structure reports. */
import type { RuleDoc } from '../../../core/index.js';

export const RULE_IDS = [
  'structure/circular-import',
  'structure/orphan-file',
  'structure/mixed-concerns',
  'structure/mixed-tests',
  'structure/deep-folder',
] as const;
export type StructureRuleId = (typeof RULE_IDS)[number];

export const RULES: RuleDoc[] = [
  {
    id: 'structure/circular-import',
    title: 'Circular import',
    defaultSeverity: 'medium',
    description:
      'Modules import each other in a cycle (found as strongly connected components of the import graph, Tarjan). Type-only imports are erased at compile time and do not count. Reported once per cycle, with the cycle as a path, at the import that closes it from the first module.',
    why: 'A cycle makes load order matter: one module sees the other half-initialised (undefined exports, TDZ errors), and the modules cannot be understood, tested or split apart separately.',
    example: {
      bad: "// a.ts\nimport { b } from './b';\nexport const a = () => b();\n// b.ts\nimport { a } from './a';\nexport const b = () => a();",
      good: "// shared.ts holds what both need\n// a.ts\nimport { helper } from './shared';\n// b.ts\nimport { helper } from './shared';",
    },
    fix: 'Move what both modules need into a third module, invert one dependency (pass a callback or inject it), or merge the modules if they are one concept.',
    category: 'architecture',
  },
  {
    id: 'structure/orphan-file',
    title: 'Orphan file',
    defaultSeverity: 'low',
    description:
      "A source file no other file imports and that is no entry point: not named by package.json (main, module, browser, types, bin, exports and its subpath patterns, scripts) or an HTML <script src>, not loaded by path from another file (a `./x` literal as in `new URL('./worker.js', import.meta.url)`, `require.resolve` or `import()`; `new URL('worker.js', import.meta.url)`; `path.join`/`resolve` of the module's own folder (`__dirname`, `import.meta.dirname`, `dirname(fileURLToPath(import.meta.url))`) and literal segments, as Piscina's `filename` or a fork/spawn script; with a computed tail, the whole folder when the path reaches `import()`, `require()`, `new Worker()` or fork/spawn/execFile, directly or through a variable), not an index/main/server file, test, setup, config, story, worker or declaration file, not at the workspace root, not under test/, scripts/, bin/, migrations/, fixtures/, examples/, docs/, public/, routes/ and similar tool folders, and not a Next.js app/ or pages/ file. Paths built from anything else (the working directory, configuration) cannot be seen. Judged only when the whole workspace is analysed (no include globs).",
    why: 'Code nothing loads is dead weight: it is still read, maintained and type-checked, and it misleads readers about what the program does.',
    example: {
      bad: '// src/old-helpers.ts — imported by nothing\nexport function legacyFormat() { /* ... */ }',
      good: "// delete it, or import it where it is needed\nimport { legacyFormat } from './old-helpers';",
    },
    fix: 'Delete the file if it is dead; otherwise import it where it is used, or declare it as an entry point (package.json bin/exports).',
    category: 'maintainability',
  },
  {
    id: 'structure/mixed-concerns',
    title: 'UI mixed with data access or HTTP handling',
    defaultSeverity: 'medium',
    description:
      'A module that exports a JSX component also imports a database client (pg, mysql2, mongoose, prisma, knex, ...), sends SQL, imports an HTTP server framework, or registers routes. Next.js server files (app/ and pages/ in a Next project, "use server" modules) are exempt: rendering with data access is their design.',
    why: 'UI code that reaches into the database or the server cannot be reused, tested without a database, or shipped to the browser safely; a change to one concern risks the other.',
    example: {
      bad: "import { Pool } from 'pg';\nconst pool = new Pool();\nexport function Users() {\n  const rows = useRows(() => pool.query('select * from users'));\n  return <ul>{rows.map((r) => <li key={r.id}>{r.name}</li>)}</ul>;\n}",
      good: "// users-repository.ts\nexport const listUsers = () => pool.query('select * from users');\n// Users.tsx\nexport function Users({ users }) { return <ul>{users.map((u) => <li key={u.id}>{u.name}</li>)}</ul>; }",
    },
    fix: 'Move data access into a repository/service module and HTTP handling into a route module; pass data to the component as props or load it through an API.',
    category: 'architecture',
  },
  {
    id: 'structure/mixed-tests',
    title: 'Tests mixed into a source folder',
    defaultSeverity: 'low',
    description:
      'A source folder holds test files although the project keeps at least 75% of its tests (3 or more) in dedicated test folders. Projects that colocate tests as their convention are not reported.',
    why: "Tests outside the project's test folders are missed by test globs, get bundled with the source, and make the layout inconsistent.",
    example: {
      bad: 'src/cart.ts\nsrc/cart.test.ts   # every other test lives in test/\ntest/orders.test.ts',
      good: 'src/cart.ts\ntest/cart.test.ts\ntest/orders.test.ts',
    },
    fix: 'Move the test into the test folder that mirrors the source path.',
    category: 'maintainability',
  },
  {
    id: 'structure/deep-folder',
    title: 'Deeply nested folder',
    defaultSeverity: 'low',
    description: 'Files live more than maxDepth folders below the workspace root (default 6). Reported once per folder.',
    why: 'Deep trees make files hard to find and produce long relative imports (../../../../), and usually mean the structure mirrors incidental detail.',
    example: { bad: 'src/modules/admin/users/components/forms/fields/inputs/TextInput.tsx', good: 'src/admin/users/TextInput.tsx' },
    fix: 'Flatten the hierarchy: group by feature, merge folders that hold one file, or use path aliases for shared code.',
    category: 'maintainability',
  },
];
