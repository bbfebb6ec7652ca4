/** SQL, NoSQL, command, code, path and redirect cases: safe look-alikes and real flows. */
import type { CaseTable } from '../security-tester.js';

const route = (body: string, imports = ''): string => `${imports}
app.get('/x', async (req, res) => {
${body}
});
`;

export const INJECTION_CASES: CaseTable = {
  valid: [
    {
      rule: 'security/sql-injection',
      name: 'pg parameterised query',
      code: route("  await pool.query('SELECT * FROM users WHERE id = $1', [req.query.id]);"),
    },
    {
      rule: 'security/sql-injection',
      name: 'mysql2 placeholders with execute',
      code: route("  await conn.execute('SELECT * FROM t WHERE a = ? AND b = ?', [req.body.a, req.body.b]);"),
    },
    {
      rule: 'security/sql-injection',
      name: 'Number() conversion',
      code: route('  const n = Number(req.query.limit);\n  await db.query(`SELECT * FROM t LIMIT ${n}`);'),
    },
    {
      rule: 'security/sql-injection',
      name: 'mysql escape()',
      code: route("  await db.query('SELECT * FROM t WHERE name = ' + mysql.escape(req.query.name));"),
    },
    {
      rule: 'security/sql-injection',
      name: 'prisma tagged $queryRaw',
      code: route('  await prisma.$queryRaw`SELECT * FROM t WHERE a = ${req.query.a}`;'),
    },
    {
      rule: 'security/sql-injection',
      name: 'regex exec and Map get are not SQL',
      code: route('  const m = /^(\\d+)$/.exec(req.query.id);\n  const v = cache.get(`user:${req.query.id}`);\n  res.json({ m, v });'),
    },
    {
      rule: 'security/sql-injection',
      name: 'constant SQL only',
      code: route("  const table = 'users';\n  await db.query(`SELECT * FROM ${table}`);"),
    },
    { rule: 'security/nosql-injection', name: 'route params are strings', code: route('  await User.findOne({ _id: req.params.id });') },
    {
      rule: 'security/nosql-injection',
      name: 'typeof string check',
      code: route(
        "  const email = req.body.email;\n  if (typeof email !== 'string') return res.status(400).end();\n  await User.findOne({ email });",
      ),
    },
    {
      rule: 'security/command-injection',
      name: 'execFile with an argument array',
      code: route("  execFile('git', ['log', req.query.ref], () => res.end());", "import { execFile } from 'child_process';"),
    },
    {
      rule: 'security/command-injection',
      name: 'exec of a constant command',
      code: route("  exec('git status', () => res.end());", "import { exec } from 'child_process';"),
    },
    {
      rule: 'security/command-injection',
      name: 'RegExp#exec is not child_process',
      code: route('  const m = PATTERN.exec(req.query.q);\n  res.json(m);', "import { exec } from 'child_process';\nconst PATTERN = /a/;"),
    },
    {
      rule: 'security/code-injection',
      name: 'JSON.parse instead of eval',
      code: route('  const data = JSON.parse(req.body.payload);\n  res.json(data);'),
    },
    {
      rule: 'security/code-injection',
      name: 'setTimeout with a function',
      code: route('  setTimeout(() => res.send(String(req.query.n).length), 10);'),
    },
    {
      rule: 'security/path-traversal',
      name: 'path.basename before reading',
      code: route(
        "  const data = await fs.promises.readFile(path.join('uploads', path.basename(req.params.name)));\n  res.json({ size: data.length });",
        "import fs from 'fs';\nimport path from 'path';",
      ),
    },
    {
      rule: 'security/path-traversal',
      name: 'sendFile with a root option',
      code: route("  res.sendFile(req.params.name, { root: 'public' });"),
    },
    {
      rule: 'security/open-redirect',
      name: 'redirect to a fixed path with a query',
      code: route('  res.redirect(`/search?q=${encodeURIComponent(req.query.q)}`);'),
    },
    {
      rule: 'security/open-redirect',
      name: 'allow-list check before redirecting',
      code: route("  const to = req.query.to;\n  if (!ALLOWED.includes(to)) return res.redirect('/');\n  res.redirect(to);"),
    },
  ],
  invalid: [
    {
      rule: 'security/sql-injection',
      name: 'concatenated pg query',
      code: route("  const id = req.query.id;\n  await pool.query('SELECT * FROM users WHERE id = ' + id); // !"),
    },
    {
      rule: 'security/sql-injection',
      name: 'destructured params in a template',
      code: route('  const { id } = req.params;\n  await db.query(`DELETE FROM t WHERE id = ${id}`); // !'),
    },
    {
      rule: 'security/sql-injection',
      name: 'sqlite all() with SQL text',
      code: route("  const rows = sqlite.prepare('SELECT * FROM t WHERE a = \\'' + req.query.a + '\\'').all(); // !\n  res.json(rows);"),
    },
    {
      rule: 'security/sql-injection',
      name: 'knex.raw',
      code: route('  await knex.raw(`SELECT * FROM t ORDER BY ${req.query.sort}`); // !'),
    },
    {
      rule: 'security/sql-injection',
      name: 'prisma.$executeRawUnsafe',
      code: route('  await prisma.$executeRawUnsafe(`DELETE FROM t WHERE a = ${req.body.a}`); // !'),
    },
    {
      rule: 'security/sql-injection',
      name: 'through a same-file helper and trim()',
      code: `function where(col: string, v: string) {
  return \`SELECT * FROM t WHERE \${col} = '\${v}'\`;
}
app.get('/x', async (req, res) => {
  await db.query(where('name', req.query.name.trim())); // !
});
`,
    },
    {
      rule: 'security/sql-injection',
      name: 'Fastify request.body',
      code: "fastify.post('/x', async (request, reply) => {\n  await client.query(`SELECT * FROM t WHERE a = '${request.body.a}'`); // !\n});\n",
    },
    {
      rule: 'security/nosql-injection',
      name: 'whole body as a filter',
      code: route('  const users = await db.collection("users").find(req.body).toArray(); // !\n  res.json(users);'),
    },
    {
      rule: 'security/nosql-injection',
      name: 'body field in a Mongoose filter',
      code: route('  await User.findOne({ email: req.body.email, password: req.body.password }); // !'),
    },
    {
      rule: 'security/command-injection',
      name: 'exec with a template',
      code: route('  exec(`ping -c 1 ${req.query.host}`); // !', "import { exec } from 'child_process';"),
    },
    {
      rule: 'security/command-injection',
      name: 'spawn with shell: true',
      code: route("  spawn('ls', [req.query.dir], { shell: true }); // !", "const { spawn } = require('child_process');"),
    },
    {
      rule: 'security/command-injection',
      name: 'exec on a required child_process (not the SQL-text exec)',
      code: route("  cp.exec('tar xf ' + req.body.file); // !", "const cp = require('child_process');"),
    },
    {
      rule: 'security/command-injection',
      name: 'execSync through a namespace import',
      code: route("  cp.execSync('tar xf ' + req.body.file); // !", "import * as cp from 'node:child_process';"),
    },
    { rule: 'security/code-injection', name: 'eval of a query value', code: route('  res.json(eval(req.query.expr)); // !') },
    {
      rule: 'security/code-injection',
      name: 'vm.runInNewContext',
      code: route('  vm.runInNewContext(req.body.code, {}); // !', "import vm from 'vm';"),
    },
    {
      rule: 'security/path-traversal',
      name: 'fs.readFileSync of a joined path',
      code: route(
        "  const file = path.join(__dirname, 'files', req.query.name);\n  res.send(fs.readFileSync(file, 'utf8').length); // !",
        "import fs from 'fs';\nimport path from 'path';",
      ),
    },
    {
      rule: 'security/path-traversal',
      name: 'res.sendFile without root',
      code: route("  res.sendFile(path.resolve('uploads', req.params.name)); // !", "import path from 'path';"),
    },
    { rule: 'security/open-redirect', name: 'redirect to a query value', code: route('  res.redirect(req.query.next); // !') },
    {
      rule: 'security/open-redirect',
      name: 'Location header',
      code: route("  res.setHeader('Location', req.query.to); // !\n  res.status(302).end();"),
    },
  ],
};
