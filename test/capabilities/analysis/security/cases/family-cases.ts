/** Cases of the families the library models added: template injection, SSRF, XXE, ReDoS, objects, transport, keys by position, JWT expiry. */
import type { CaseTable } from '../security-tester.js';

const route = (body: string, imports = ''): string => `${imports}
app.post('/x', async (req, res) => {
${body}
});
`;

export const FAMILY_CASES: CaseTable = {
  valid: [
    {
      rule: 'security/template-injection',
      name: 'a fixed template rendered with request data',
      code: route("  res.send(ejs.render('<p><%= name %></p>', { name: req.body.name }));", "import ejs from 'ejs';"),
    },
    {
      rule: 'security/ssrf',
      name: 'a fixed host with a request path segment',
      code: route('  await fetch(`https://api.example.com/users/${encodeURIComponent(req.body.id)}`);'),
    },
    {
      rule: 'security/ssrf',
      name: 'a base URL the code chose',
      code: route(
        '  await axios.get(`${API_URL}/v1/${req.body.path}`);',
        "import axios from 'axios';\nconst API_URL = process.env.API_URL;",
      ),
    },
    {
      rule: 'security/xxe',
      name: 'libxmljs without noent',
      code: "import libxmljs from 'libxmljs';\nexport const parse = (xml: string) => libxmljs.parseXml(xml, { nonet: true });\n",
    },
    {
      rule: 'security/regex-injection',
      name: 'an escaped pattern',
      code: route(
        "  const re = new RegExp(escapeStringRegexp(req.body.q));\n  res.json(re.test('x'));",
        "import escapeStringRegexp from 'escape-string-regexp';",
      ),
    },
    {
      rule: 'security/redos',
      name: 'unambiguous repetitions',
      code: 'export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;\nexport const LIST = /^(\\s*,\\s*\\w+)*$/;\n',
    },
    {
      rule: 'security/prototype-pollution',
      name: 'a recursive merge that refuses __proto__',
      code: "export function merge(t: any, s: any) {\n  for (const k in s) {\n    if (k === '__proto__' || k === 'constructor') continue;\n    if (typeof s[k] === 'object') merge(t[k], s[k]);\n    else t[k] = s[k];\n  }\n}\n",
    },
    {
      rule: 'security/mass-assignment',
      name: 'picked fields',
      code: route(
        '  await User.create({ name: req.body.name });',
        "import mongoose from 'mongoose';\nconst User = mongoose.model('User', new mongoose.Schema({}));",
      ),
    },
    {
      rule: 'security/insecure-transport',
      name: 'https and a local http endpoint',
      code: "import axios from 'axios';\nexport const a = () => axios.get('https://api.partner.io/x');\nexport const b = () => axios.get('http://localhost:8080/health');\n",
    },
    {
      rule: 'security/hardcoded-key',
      name: 'the key from the environment',
      code: "import jwt from 'jsonwebtoken';\nexport const sign = (p: object) => jwt.sign(p, process.env.JWT_SECRET!);\n",
    },
    {
      rule: 'security/jwt-ignore-expiration',
      name: 'expiry checked',
      code: "import jwt from 'jsonwebtoken';\nexport const check = (t: string) => jwt.verify(t, process.env.K!, { algorithms: ['HS256'] });\n",
    },
    {
      rule: 'security/xss-autoescape-disabled',
      name: 'Nunjucks with autoescape on',
      code: "import nunjucks from 'nunjucks';\nnunjucks.configure('views', { autoescape: true });\n",
    },
    {
      rule: 'security/xpath-injection',
      name: 'XPath variables',
      code: route(
        "  res.json(xpath.parse('//u[name=$n]').select({ node: doc, variables: { n: req.body.name } }));",
        "import * as xpath from 'xpath';\nconst doc = {} as never;",
      ),
    },
    {
      rule: 'security/nosql-injection',
      name: 'a Sequelize project: findOne with request data is parameterised, even in a file that imports only the model',
      code: route('  res.json(await User.findOne({ email: req.body.email }));', "import { User } from './models.js';"),
      files: {
        'src/models.ts':
          "import { Sequelize, DataTypes } from 'sequelize';\nexport const User = new Sequelize(process.env.DB!).define('User', { email: DataTypes.STRING });\n",
      },
    },
  ],
  invalid: [
    {
      rule: 'security/template-injection',
      name: 'lodash template from the body',
      code: route('  res.send(_.template(req.body.tpl)({})); // !', "import _ from 'lodash';"),
    },
    { rule: 'security/ssrf', name: 'fetch of a request URL', code: route('  await fetch(req.body.url); // !') },
    {
      rule: 'security/xxe',
      name: 'noent: true',
      code: "import libxmljs from 'libxmljs';\nexport const parse = (xml: string) => libxmljs.parseXml(xml, { noent: true }); // !\n",
    },
    {
      rule: 'security/regex-injection',
      name: 'new RegExp of a query value',
      code: route("  res.json(new RegExp(req.body.q).test('x')); // !"),
    },
    { rule: 'security/redos', name: 'a nested quantifier', code: 'export const WORDS = /^(\\w+\\s?)*$/; // !\n' },
    {
      rule: 'security/prototype-pollution',
      name: '_.merge of the body',
      code: route('  _.merge(config, req.body); // !', "import _ from 'lodash';\nconst config = {};"),
    },
    {
      rule: 'security/mass-assignment',
      name: 'Object.assign of the body onto a user',
      code: route('  const user = await load();\n  Object.assign(user, req.body); // !'),
    },
    {
      rule: 'security/insecure-transport',
      name: 'axios to a plain-http partner',
      code: "import axios from 'axios';\nexport const a = () => axios.post('http://payments.partner.io/charge', {}); // !\n",
    },
    {
      rule: 'security/hardcoded-key',
      name: "jwt.sign with 'shhhhh'",
      code: "import jwt from 'jsonwebtoken';\nexport const sign = (p: object) => jwt.sign(p, 'shhhhh'); // !\n",
    },
    {
      rule: 'security/hardcoded-key',
      name: 'createHmac with a constant of the file',
      code: "import crypto from 'crypto';\nconst KEY = 'secret'; // !\nexport const mac = (s: string) => crypto.createHmac('sha256', KEY).update(s).digest('hex');\n",
    },
    {
      rule: 'security/xss-autoescape-disabled',
      name: 'Handlebars noEscape',
      code: "import Handlebars from 'handlebars';\nexport const t = Handlebars.compile('{{x}}', { noEscape: true }); // !\n",
    },
    {
      rule: 'security/xpath-injection',
      name: 'xpath.select of a concatenated expression',
      code: route(
        "  res.json(xpath.select(`//u[name='${req.body.name}']`, doc)); // !",
        "import * as xpath from 'xpath';\nconst doc = {} as never;",
      ),
    },
    {
      rule: 'security/jwt-ignore-expiration',
      name: 'ignoreExpiration: true',
      code: "import jwt from 'jsonwebtoken';\nexport const check = (t: string) => jwt.verify(t, process.env.K!, { algorithms: ['HS256'], ignoreExpiration: true }); // !\n",
    },
  ],
};
