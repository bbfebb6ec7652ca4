/** Documentation of the server-side injection rules beyond SQL and shells: templates, SSRF, XXE, regular expressions. */
import type { RuleDoc } from '../../../../core/index.js';

export const SERVER_INJECTION_RULES: RuleDoc[] = [
  {
    id: 'security/template-injection',
    title: 'Template compiled from request input',
    defaultSeverity: 'critical',
    cwe: 'CWE-1336',
    category: 'injection',
    description:
      'Request input reaches the template source of a template engine: pug/jade `compile`/`render`, EJS `render`/`compile`, Handlebars `compile`, Nunjucks `renderString`, lodash/underscore `template`, Mustache/Hogan, doT, Eta, LiquidJS.',
    why: 'Most engines compile templates to JavaScript: template syntax in the input runs code on the server (EJS, pug, lodash, doT), or at least reads any value the context holds.',
    example: {
      bad: 'res.send(pug.render(req.body.template, data))',
      good: "res.send(pug.renderFile('views/card.pug', { name: req.body.name }))",
    },
    fix: 'Compile only templates from your own files; pass input as data in the render context.',
  },
  {
    id: 'security/ssrf',
    title: 'Server-side request to a URL from input',
    defaultSeverity: 'high',
    cwe: 'CWE-918',
    category: 'injection',
    description:
      'Request input chooses the host of an outgoing request: `fetch`, axios, got/ky, `http(s).request/get`, request/needle/superagent, WebSocket clients. A URL that starts with a fixed host (`https://api.example.com/` + input) or a base the code chose (`${API}/users/${id}`) is not reported.',
    why: 'The server becomes a proxy into its own network: cloud metadata endpoints (credentials), admin interfaces, databases without authentication.',
    example: {
      bad: 'const page = await fetch(req.query.url)',
      good: 'if (!ALLOWED_HOSTS.includes(new URL(req.query.url).host)) return res.sendStatus(400)',
    },
    fix: 'Build URLs from a fixed base; if the client must choose, allow-list hosts (and resolve names to refuse private addresses).',
  },
  {
    id: 'security/xxe',
    title: 'XML parsed with external entities',
    defaultSeverity: 'high',
    cwe: 'CWE-611',
    category: 'injection',
    description:
      '`libxmljs.parseXml/parseXmlString(xml, { noent: true })`: entity substitution resolves external entities. xml2js and sax never resolve them and are not reported.',
    why: 'An XML document with `<!ENTITY x SYSTEM "file:///etc/passwd">` reads local files or internal URLs into the parsed result.',
    example: { bad: 'libxmljs.parseXmlString(req.body, { noent: true })', good: 'libxmljs.parseXmlString(req.body, { nonet: true })' },
    fix: 'Leave `noent` off (the default) and set `nonet: true`.',
  },
  {
    id: 'security/xpath-injection',
    title: 'XPath expression built from input',
    defaultSeverity: 'high',
    cwe: 'CWE-643',
    category: 'injection',
    description:
      'Request input reaches the expression of `xpath.select/select1/evaluate/parse`, `document.evaluate`, or libxmljs `find/get`.',
    why: "`' or '1'='1` in a login query over an XML user store selects every user; any node of the document can be read.",
    example: {
      bad: "xpath.select(`//user[name='${req.body.name}']`, doc)",
      good: "xpath.parse('//user[name=$name]').select({ node: doc, variables: { name: req.body.name } })",
    },
    fix: 'Bind input as XPath variables, or allow-list it; never concatenate it into the expression.',
  },
  {
    id: 'security/regex-injection',
    title: 'Regular expression built from input',
    defaultSeverity: 'medium',
    cwe: 'CWE-1333',
    category: 'redos',
    description:
      "Request input reaches `new RegExp(...)`/`RegExp(...)` or the pattern of `String#match/matchAll/search` without escaping (`escape-string-regexp`, `_.escapeRegExp`, `.replace(/[.*+?^${}()|[\\]\\\\]/g, '\\\\$&')`).",
    why: 'The client writes the pattern: a catastrophic one (`(a+)+$`) blocks the event loop for minutes, and the pattern can match far more than intended.',
    example: { bad: 'const re = new RegExp(req.query.q)', good: 'const re = new RegExp(escapeStringRegexp(req.query.q))' },
    fix: 'Escape the input before building the pattern, or compare as plain text (`includes`, `startsWith`).',
  },
  {
    id: 'security/redos',
    title: 'Regular expression with catastrophic backtracking',
    defaultSeverity: 'medium',
    cwe: 'CWE-1333',
    category: 'redos',
    description:
      "A regular expression literal (or a constant `new RegExp('...')`) with a repeated group whose body can match the same text in more than one way: nested quantifiers (`(a+)+`, `(\\w+\\s?)*`) or overlapping alternatives under a quantifier (`(\\w|\\d)+`, `(a|a?)+`). Matching a crafted string that almost matches takes exponential time.",
    why: 'One request with a few dozen characters blocks the single Node.js thread: every user waits (denial of service).',
    example: {
      bad: 'const EMAIL = /^([a-zA-Z0-9]+\\.?)+@example\\.com$/',
      good: 'const EMAIL = /^[a-zA-Z0-9]+(\\.[a-zA-Z0-9]+)*@example\\.com$/',
    },
    fix: 'Make each repetition unambiguous (one way to match each character), bound the repetition, or use a linear-time engine (re2).',
  },
];
