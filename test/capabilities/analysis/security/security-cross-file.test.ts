/**
 * Cross-file taint: request input passed to a function of another module (ESM, CommonJS, re-exports),
 * reported at the sink with evidence across files; and what must stay silent (sanitised or constant
 * arguments, parameters that never reach the sink, package imports). Real temp workspaces, the real capability.
 */
import { expect } from 'chai';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalContext } from '../../../../core/context/index.js';
import { run } from '../../../../capabilities/analysis/security.js';
import { runCases, type CaseTable } from './security-tester.js';

const DB = `import pg from 'pg';
export const pool = new pg.Pool();
export async function findUser(name: string) {
  return pool.query("SELECT * FROM users WHERE name = '" + name + "'");
}
export async function findUserById(id: number) {
  return pool.query('SELECT * FROM users WHERE id = ' + id);
}
export async function saveNote(userId: string, note: string) {
  return pool.query(\`UPDATE users SET note = $1 WHERE id = '\${userId}'\`, [note]);
}
export function whereName(name: string): string {
  return \`SELECT * FROM users WHERE name = '\${name}'\`;
}
`;

const route = (imports: string, body: string): string => `import express from 'express';
${imports}
const app = express();
app.get('/x', async (req, res) => {
${body}
  res.json({});
});
`;

export const CROSS_FILE_CASES: CaseTable = {
  valid: [
    {
      rule: 'security/sql-injection',
      name: 'a sanitised argument (parseInt) to a helper that concatenates',
      code: route("import { findUserById } from './db.js';", '  await findUserById(parseInt(req.query.id, 10));'),
      files: { 'src/db.ts': DB },
    },
    {
      rule: 'security/sql-injection',
      name: 'a constant argument',
      code: route("import { findUser } from './db.js';", "  await findUser('admin');"),
      files: { 'src/db.ts': DB },
    },
    {
      rule: 'security/sql-injection',
      name: 'input in a parameter that never reaches the SQL text',
      code: route("import { saveNote } from './db.js';", '  await saveNote(res.locals.userId, req.body.note);'),
      files: { 'src/db.ts': DB },
    },
    {
      rule: 'security/sql-injection',
      name: 'a returned SQL text built from a constant',
      code: route("import { pool, whereName } from './db.js';", "  await pool.query(whereName('admin'));"),
      files: { 'src/db.ts': DB },
    },
    {
      rule: 'security/sql-injection',
      name: 'a package with the same function name is not followed',
      code: route("import { findUser } from 'db-lib';", '  await findUser(req.query.name);'),
      files: { 'src/db.ts': DB },
    },
    {
      rule: 'security/command-injection',
      name: 'CommonJS: a helper that quotes its argument for the shell',
      filename: 'src/app.js',
      code: "const express = require('express');\nconst { archive } = require('./tar');\nconst app = express();\napp.post('/a', (req, res) => { archive(req.body.dir); res.end(); });\n",
      files: {
        'src/tar.js':
          "const { exec } = require('child_process');\nconst shellEscape = require('shell-escape');\nexports.archive = function (dir) {\n  exec('tar czf out.tgz ' + shellEscape([dir]));\n};\n",
      },
    },
  ],
  invalid: [
    {
      rule: 'security/sql-injection',
      name: 'modules that import each other (a cycle): the fix-point is bounded and still finds the flow',
      code: `import express from 'express';
import { b } from './b.js';
import { pool } from './db.js';
export function a(x: string, depth: number): unknown {
  if (depth > 0) return b(x, depth - 1);
  return pool.query("SELECT * FROM t WHERE n = '" + x + "'"); // !
}
const app = express();
app.get('/x', (req, res) => { res.json(b(req.query.x, 3)); });
`,
      files: {
        'src/b.ts': "import { a } from './app.js';\nexport function b(x: string, depth: number): unknown {\n  return a(x, depth);\n}\n",
        'src/db.ts': DB,
      },
    },
    {
      rule: 'security/sql-injection',
      name: 'ESM named import: the finding is at the sink in the helper module',
      code: route("import { findUser } from './db.js';", '  await findUser(req.query.name);'),
      files: { 'src/db.ts': DB },
      errors: [{ ruleId: 'security/sql-injection', line: 4, file: 'src/db.ts', severity: 'critical' }],
    },
    {
      rule: 'security/sql-injection',
      name: 'the SQL text comes back from another module and reaches the sink in the route',
      code: route("import { pool, whereName } from './db.js';", '  await pool.query(whereName(req.query.name)); // !'),
      files: { 'src/db.ts': DB },
    },
    {
      rule: 'security/sql-injection',
      name: 'through a re-exporting index and a service (three modules)',
      code: route("import * as users from './services/users.js';", '  await users.lookup(req.query.q);'),
      files: {
        'src/services/users.ts':
          "import { findUser } from '../repo/index.js';\nexport const lookup = (term: string) => findUser(term.trim());\n",
        'src/repo/index.ts': "export * from './db.js';\n",
        'src/repo/db.ts': DB,
      },
      errors: [{ ruleId: 'security/sql-injection', line: 4, file: 'src/repo/db.ts' }],
    },
    {
      rule: 'security/command-injection',
      name: 'CommonJS: require of a module whose exports object holds the function',
      filename: 'src/app.js',
      code: "const express = require('express');\nconst tar = require('./tar');\nconst app = express();\napp.post('/a', (req, res) => { tar.archive(req.body.dir); res.end(); });\n",
      files: {
        'src/tar.js':
          "const cp = require('child_process');\nfunction archive(dir) {\n  cp.exec('tar czf out.tgz ' + dir);\n}\nmodule.exports = { archive };\n",
      },
      errors: [{ ruleId: 'security/command-injection', line: 3, file: 'src/tar.js' }],
    },
    {
      rule: 'security/path-traversal',
      name: 'CommonJS: module.exports = function, required and called',
      filename: 'src/app.js',
      code: "const express = require('express');\nconst readUpload = require('./read-upload');\nconst app = express();\napp.get('/f', (req, res) => { res.json(readUpload(req.params.name)); });\n",
      files: {
        'src/read-upload.js':
          "const fs = require('fs');\nmodule.exports = function readUpload(name) {\n  return fs.readFileSync('uploads/' + name, 'utf8');\n};\n",
      },
      errors: [{ ruleId: 'security/path-traversal', line: 3, file: 'src/read-upload.js' }],
    },
  ],
};

runCases('capabilities/analysis/security across modules', CROSS_FILE_CASES);

describe('capabilities/analysis/security across modules: evidence and re-scans', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'agentd-security-xfile-'));
  });
  afterEach(async () => rm(root, { recursive: true, force: true }));

  const write = async (files: Record<string, string>): Promise<void> => {
    for (const [name, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, name)), { recursive: true });
      await writeFile(path.join(root, name), content);
    }
  };
  const scanRoot = async () => {
    const { ctx } = await createLocalContext({ root, limits: { maxToolCalls: 1000 } });
    return (await run({ categories: ['injection', 'xss'] }, ctx)).findings!;
  };

  it('gives the evidence path from the source in the route file, over the call, to the sink in the helper module', async () => {
    await write({
      'src/app.ts': route("import { findUser } from './db.js';", '  const name = req.query.name;\n  await findUser(name);'),
      'src/db.ts': DB,
    });
    const [finding, ...rest] = await scanRoot();
    expect(rest).to.deep.equal([]);
    expect(finding!.file).to.equal('src/db.ts');
    expect(finding!.message).to.contain('called from src/app.ts');
    const steps = (finding!.data!.evidence as { file: string; line: number; label: string }[]).map((s) => `${s.file}:${s.line}:${s.label}`);
    expect(steps).to.deep.equal([
      'src/app.ts:5:source: request query (req.query.name)',
      'src/app.ts:5:assigned to name',
      'src/app.ts:6:passed to findUser() as argument 1',
      'src/db.ts:3:assigned to name',
      'src/db.ts:4:sink: pool.query()',
    ]);
  });

  it('reports a sink reached from two route files once, and follows a change of the helper on the next scan (memo keyed by what was imported)', async () => {
    await write({
      'src/a.ts': route("import { findUser } from './db.js';", '  await findUser(req.query.a);'),
      'src/b.ts': route("import { findUser } from './db.js';", '  await findUser(req.body.b);'),
      'src/db.ts': DB,
    });
    const first = await scanRoot();
    expect(first.map((f) => `${f.file}:${f.range.startLine} ${f.ruleId}`)).to.deep.equal(['src/db.ts:4 security/sql-injection']);
    // The first caller in path order gives the evidence: deterministic.
    expect((first[0]!.data!.evidence as { file: string }[])[0]!.file).to.equal('src/a.ts');
    // The helper becomes parameterised: nothing is left, though the route files did not change.
    await write({
      'src/db.ts': DB.replace(
        `pool.query("SELECT * FROM users WHERE name = '" + name + "'")`,
        "pool.query('SELECT * FROM users WHERE name = $1', [name])",
      ),
    });
    expect(await scanRoot()).to.deep.equal([]);
    // And back: the route files' linked scans are recomputed, not served stale from the memo.
    await write({ 'src/db.ts': DB });
    expect((await scanRoot()).map((f) => `${f.file}:${f.range.startLine}`)).to.deep.equal(['src/db.ts:4']);
  });
});
