/**
 * Skipping the taint engine where no input can reach: which files can start taint (real parser, real
 * files), which files the project scan evaluates, and that findings through modules without any input
 * of their own — a sink behind a parameter, a pass-through, a CommonJS re-export — are still found.
 */
import { expect } from 'chai';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalContext } from '../../../../core/context/index.js';
import { parseSources } from '../../../../core/index.js';
import { scanFile } from '../../../../capabilities/analysis/security/scan-file.js';
import { filesNeedingTaint } from '../../../../capabilities/analysis/security/modules/taint-reach.js';
import { scan } from './security-tester.js';

async function startsTaint(code: string, filename = 'src/a.ts'): Promise<boolean> {
  const root = await mkdtemp(path.join(tmpdir(), 'agentd-taint-reach-'));
  try {
    await mkdir(path.dirname(path.join(root, filename)), { recursive: true });
    await writeFile(path.join(root, filename), code);
    const { ctx } = await createLocalContext({ root, limits: { maxToolCalls: 100 } });
    const { files } = await parseSources(ctx, {}, 'analysis.security');
    expect(files.map((f) => f.path)).to.deep.equal([filename]);
    return scanFile(files[0]!).startsTaint !== 'none';
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

describe('analysis.security: where the taint engine runs', () => {
  describe('files that can start taint', () => {
    const starting: [string, string, string?][] = [
      ['a request parameter', 'export function h(req) { return req.query.q; }\n'],
      ['a typed request parameter', "import type { Request } from 'express';\nexport function h(r: Request) { return r.body; }\n"],
      ['a route callback with other names', "app.post('/x', (q, s) => s.send(q.body));\n", 'src/a.js'],
      ['a browser source through parentheses', 'const s = (window).location.search;\n'],
      ['document.write', 'document.write(x);\n'],
      ['a router hook', "import { useParams } from 'react-router';\nconst p = useParams();\n"],
      ['a DOM HTML sink without input', 'el.innerHTML = html;\n'],
      [
        'dangerouslySetInnerHTML',
        'export const V = ({ h }: { h: string }) => <div dangerouslySetInnerHTML={{ __html: h }} />;\n',
        'src/v.tsx',
      ],
      ['a Next route handler', 'export async function GET(r) { return new Response(r.url); }\n'],
      ['Next page props', 'export default function Page({ searchParams }) { return searchParams.q; }\n'],
    ];
    for (const [name, code, filename] of starting) it(name, async () => expect(await startsTaint(code, filename)).to.equal(true));

    const inert: [string, string][] = [
      [
        'names only in comments and properties',
        '// a request from the client\nconst o = { request: 1 };\nmodule.exports = o.request + node.params.length;\n',
      ],
      ['a local named location', 'const location = node.loc;\nexport const line = location.start.line;\n'],
      [
        'a callback of two parameters to a method that registers no route',
        'const v = items.map((a, b) => a + b);\nexport const x = cache.size;\n',
      ],
      ['a sink behind a parameter', "import { exec } from 'child_process';\nexport function run(cmd: string) { exec(cmd); }\n"],
    ];
    for (const [name, code] of inert) it(`not: ${name}`, async () => expect(await startsTaint(code)).to.equal(false));
  });

  it('evaluates the files that start taint, their importers, and everything those import', () => {
    const needed = filesNeedingTaint([
      { path: 'src/route.ts', starts: true, specifiers: ['./service.js'] },
      { path: 'src/service.ts', starts: false, specifiers: ['./db/index.js'] },
      { path: 'src/db/index.ts', starts: false, specifiers: ['../util'] },
      { path: 'src/util.ts', starts: false, specifiers: [] },
      { path: 'src/main.ts', starts: false, specifiers: ['./route'] },
      { path: 'src/main-helper.ts', starts: false, specifiers: [] },
      { path: 'src/tool.ts', starts: false, specifiers: ['./util'] },
    ]);
    expect([...needed].sort()).to.deep.equal(['src/db/index.ts', 'src/main.ts', 'src/route.ts', 'src/service.ts', 'src/util.ts']);
  });

  it('still follows input through modules without input of their own (re-export, pass-through, sink behind a parameter)', async () => {
    const result = await scan({
      'src/app.js':
        "const express = require('express');\nconst db = require('./db');\nconst app = express();\napp.get('/u', async (req, res) => {\n  res.json(await db.find(db.trimmed(req.query.name)));\n});\n",
      'src/db/index.js': "module.exports = require('./impl');\n",
      'src/db/impl.js':
        'const pool = require(\'./pool\');\nfunction trimmed(s) { return s.trim(); }\nfunction find(name) {\n  return pool.query("SELECT * FROM users WHERE name = \'" + name + "\'");\n}\nmodule.exports = { find, trimmed };\n',
      'src/db/pool.js': "const { Pool } = require('pg');\nmodule.exports = new Pool();\n",
      'src/unused.js': "const { exec } = require('child_process');\nmodule.exports = function run(cmd) { exec(cmd); };\n",
    });
    const taint = result.findings!.filter((f) => f.ruleId === 'security/sql-injection');
    expect(taint.map((f) => `${f.file}:${f.range.startLine}`)).to.deep.equal(['src/db/impl.js:4']);
    expect(result.findings!.filter((f) => f.file === 'src/unused.js')).to.deep.equal([]);
  });
});
