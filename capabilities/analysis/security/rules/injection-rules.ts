/** Documentation of the taint rules: injection and XSS (input from a request reaching a sink). */
import type { RuleDoc } from '../../../../core/index.js';

export const INJECTION_RULES: RuleDoc[] = [
  {
    id: 'security/sql-injection',
    title: 'SQL built from request input',
    defaultSeverity: 'critical',
    cwe: 'CWE-89',
    category: 'injection',
    description:
      'Request input reaches the SQL text of pg/mysql2/sqlite `query`/`execute`/`run`/`all`/`get`/`exec`, `knex.raw`/`whereRaw`, `sequelize.query` or `prisma.$queryRawUnsafe`/`$executeRawUnsafe` without a numeric conversion or an SQL escape.',
    why: 'Input concatenated into SQL can end the string literal and add clauses: read every row, bypass a login, drop tables.',
    example: {
      bad: "db.query(`SELECT * FROM users WHERE name = '${req.query.name}'`)",
      good: "db.query('SELECT * FROM users WHERE name = $1', [req.query.name])",
    },
    fix: 'Pass values as query parameters (`$1`, `?`, named replacements) or use a tagged template (`prisma.$queryRaw`, `sql`...``); never build the SQL text from input.',
  },
  {
    id: 'security/nosql-injection',
    title: 'NoSQL query from request objects',
    defaultSeverity: 'high',
    cwe: 'CWE-943',
    category: 'injection',
    description:
      'A request body/query value that may be an object (`{"$ne": null}`) is used as a MongoDB/Mongoose filter (`find`, `findOne`, `updateOne`, ...), or input is built into a `$where` expression. Route params and headers are strings and do not fire; `String(x)`, templates and `typeof x === "string"` checks clear the flow.',
    why: 'JSON bodies and `qs`-parsed queries can carry query operators: `{ "password": { "$ne": "" } }` logs in without a password; `$where` runs JavaScript on the server.',
    example: {
      bad: 'User.findOne({ email: req.body.email, password: req.body.password })',
      good: 'User.findOne({ email: String(req.body.email) })',
    },
    fix: 'Convert values to the expected primitive (`String()`, a schema validator), reject objects, or use express-mongo-sanitize; never pass `$where` strings built from input.',
  },
  {
    id: 'security/command-injection',
    title: 'Shell command built from request input',
    defaultSeverity: 'critical',
    cwe: 'CWE-78',
    category: 'injection',
    description:
      'Request input reaches `child_process.exec`/`execSync`, the program of `spawn`/`execFile`, or any argument of them with `shell: true`.',
    why: 'The shell interprets `;`, `|`, `$()` and backticks in the input: the attacker runs any command as the server.',
    example: { bad: 'exec(`convert ${req.query.file} out.png`)', good: "execFile('convert', [req.query.file, 'out.png'])" },
    fix: 'Use `execFile`/`spawn` with an argument array and no shell; validate the input against an allow-list.',
  },
  {
    id: 'security/code-injection',
    title: 'Code evaluated from request input',
    defaultSeverity: 'critical',
    cwe: 'CWE-94',
    category: 'injection',
    description:
      'Request input reaches `eval`, `Function`/`new Function`, `vm.runIn*Context`/`vm.Script`/`compileFunction`, or `setTimeout`/`setInterval` with a string.',
    why: 'Evaluated input runs with the full rights of the process: file system, network, secrets.',
    example: { bad: 'eval(req.body.expression)', good: 'evaluateArithmetic(parseExpression(req.body.expression))' },
    fix: 'Do not evaluate input; parse it with a real parser (JSON.parse, an expression library) and interpret the result.',
  },
  {
    id: 'security/path-traversal',
    title: 'File path from request input',
    defaultSeverity: 'high',
    cwe: 'CWE-22',
    category: 'injection',
    description:
      'Request input reaches a path argument of `fs.*` (read/write/open/streams/unlink/...), `res.sendFile` or `res.download` without `path.basename` or a `root` option.',
    why: '`../` sequences (also URL-encoded) escape the intended folder: source code, `/etc/passwd`, keys and configuration can be read or overwritten.',
    example: {
      bad: "res.sendFile(path.join(__dirname, 'uploads', req.params.name))",
      good: "res.sendFile(req.params.name, { root: path.join(__dirname, 'uploads') })",
    },
    fix: 'Use `res.sendFile(name, { root })`, `path.basename(name)`, or resolve the path and check it starts with the base folder before using it.',
  },
  {
    id: 'security/open-redirect',
    title: 'Redirect to a URL from request input',
    defaultSeverity: 'medium',
    cwe: 'CWE-601',
    category: 'injection',
    description:
      'Request or URL input reaches `res.redirect`, `reply.redirect`, `res.location`, a `Location` header, `NextResponse.redirect`, Next `redirect()` or `location.href`/`location.assign` in the browser, unless the value starts with a fixed path (`/account/...`) or host.',
    why: 'Links on the trusted domain forward users to phishing pages; `javascript:` URLs can run script.',
    example: { bad: 'res.redirect(req.query.returnTo)', good: "res.redirect(ALLOWED_RETURNS.includes(to) ? to : '/')" },
    fix: 'Redirect only to paths on your own site or to an allow-list of hosts; check the value before redirecting.',
  },
  {
    id: 'security/reflected-xss',
    title: 'Request input in an HTML response',
    defaultSeverity: 'high',
    cwe: 'CWE-79',
    category: 'xss',
    description:
      'Request input reaches an HTML response: Express `res.send` of a string (Express sends strings as text/html), `res.write`/`res.end`/`reply.send` of HTML text, or `new Response(html)`, without HTML escaping.',
    why: "The browser runs injected `<script>` in the site's origin: sessions, tokens and actions of the victim are the attacker's.",
    example: { bad: 'res.send(`<h1>Hello ${req.query.name}</h1>`)', good: 'res.send(`<h1>Hello ${escapeHtml(req.query.name)}</h1>`)' },
    fix: 'Render through an auto-escaping template engine, escape with `escape-html`/`he`, or answer JSON (`res.json`).',
  },
  {
    id: 'security/dom-xss',
    title: 'URL or request input in a DOM HTML sink',
    defaultSeverity: 'high',
    cwe: 'CWE-79',
    category: 'xss',
    description:
      'Input (the URL, `location.*`, router params, request data) reaches `innerHTML`, `outerHTML`, `document.write`, `insertAdjacentHTML` or React `dangerouslySetInnerHTML` without `DOMPurify.sanitize` or an HTML escape.',
    why: "A crafted link puts markup with event handlers into the page: script runs in the victim's session.",
    example: {
      bad: "el.innerHTML = new URLSearchParams(location.search).get('q')",
      good: "el.textContent = new URLSearchParams(location.search).get('q')",
    },
    fix: 'Use `textContent`/JSX text, or sanitise with `DOMPurify.sanitize` before inserting HTML.',
  },
  {
    id: 'security/unsanitized-html',
    title: 'Non-constant HTML inserted without sanitising',
    defaultSeverity: 'medium',
    cwe: 'CWE-79',
    category: 'xss',
    description:
      'A DOM HTML sink (`innerHTML`, `dangerouslySetInnerHTML`, ...) receives a value that is neither a constant nor sanitised, even though no request source was traced to it (props, API data, other modules).',
    why: 'Data stored by one user and shown to another (comments, profiles) is the usual stored-XSS path; the engine cannot see where it came from.',
    example: {
      bad: '<div dangerouslySetInnerHTML={{ __html: comment.body }} />',
      good: '<div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(comment.body) }} />',
    },
    fix: 'Sanitise with DOMPurify (or render as text); mark trusted constant HTML as a constant.',
  },
  {
    id: 'security/xss-autoescape-disabled',
    title: 'Template escaping turned off',
    defaultSeverity: 'medium',
    cwe: 'CWE-116',
    category: 'xss',
    description:
      'Handlebars `compile(template, { noEscape: true })`, Nunjucks `configure({ autoescape: false })` or `new Environment(loader, { autoescape: false })`, AngularJS `$sceProvider.enabled(false)`.',
    why: 'Every value the templates print becomes raw HTML: one field a user controls is stored or reflected XSS.',
    example: { bad: "nunjucks.configure('views', { autoescape: false })", good: "nunjucks.configure('views', { autoescape: true })" },
    fix: 'Keep auto-escaping on; mark only sanitised values as safe.',
  },
];
