/** CSRF, cookie, CORS and JWT cases. */
import type { CaseTable } from '../security-tester.js';

const withSession = (options: string, routes: string, extra = ''): string => `import express from 'express';
import session from 'express-session';
${extra}
const app = express();
app.use(session(${options}));
${routes}
`;

export const WEB_CASES: CaseTable = {
  valid: [
    {
      rule: 'security/csrf-missing',
      name: 'csrf-csrf applied app-wide',
      code: withSession(
        '{ secret: process.env.S!, cookie: { secure: true } }',
        "app.use(doubleCsrfProtection);\napp.post('/transfer', (req, res) => res.json({}));",
        "import { doubleCsrf } from 'csrf-csrf';\nconst { doubleCsrfProtection } = doubleCsrf({ getSecret: () => process.env.S! });",
      ),
    },
    {
      rule: 'security/csrf-missing',
      name: "sameSite 'strict' session cookie",
      code: withSession(
        "{ secret: process.env.S!, cookie: { sameSite: 'strict', secure: true } }",
        "app.post('/transfer', (req, res) => res.json({}));",
      ),
    },
    {
      rule: 'security/csrf-missing',
      name: 'no cookie session (token auth API)',
      code: "import express from 'express';\nconst app = express();\napp.post('/api/items', (req, res) => res.json({}));\n",
    },
    {
      rule: 'security/csrf-missing',
      name: 'HTTP client calls are not routes',
      code: withSession(
        "{ secret: process.env.S!, cookie: { sameSite: 'strict', secure: true } }",
        "export const send = () => axios.post('/api/x', {});",
      ),
    },
    {
      rule: 'security/insecure-cookie',
      name: 'session cookie with httpOnly and secure',
      code: "app.get('/x', (req, res) => {\n  res.cookie('session', 'v', { httpOnly: true, secure: true, sameSite: 'lax' });\n  res.cookie('theme', 'dark');\n  res.end();\n});\n",
    },
    {
      rule: 'security/permissive-cors',
      name: 'explicit origins with credentials',
      code: "app.use(cors({ origin: ['https://a.example.com'], credentials: true }));\napp.use(cors({ origin: '*' }));\n",
    },
    {
      rule: 'security/permissive-cors',
      name: "headers: an allow-listed origin gets credentials, '*' never does (another branch)",
      code: "const listed = new Set(['https://a.example.com']);\nfunction allow(res, origin, wildcard) {\n  if (wildcard) {\n    res.setHeader('Access-Control-Allow-Origin', '*');\n  } else {\n    res.setHeader('Access-Control-Allow-Origin', origin);\n    res.setHeader('Access-Control-Allow-Credentials', 'true');\n  }\n}\napp.use((req, res, next) => {\n  const origin = req.headers.origin;\n  if (origin && listed.has(origin)) allow(res, origin, false);\n  next();\n});\napp.use((req, res, next) => {\n  const origin = req.headers.origin;\n  if (listed.has(origin)) {\n    res.setHeader('Access-Control-Allow-Origin', origin);\n    res.setHeader('Access-Control-Allow-Credentials', 'true');\n  }\n  next();\n});\n",
    },
    {
      rule: 'security/jwt-none-algorithm',
      name: 'pinned RS256',
      code: "import jwt from 'jsonwebtoken';\nexport const check = (t: string, k: string) => jwt.verify(t, k, { algorithms: ['RS256'] });\n",
    },
    {
      rule: 'security/jwt-verify-without-algorithms',
      name: 'verify with algorithms and a callback',
      code: "import jwt from 'jsonwebtoken';\njwt.verify(token, key, { algorithms: ['HS256'] }, (err, claims) => done(err, claims));\n",
    },
    {
      rule: 'security/jwt-decode-without-verify',
      name: 'jwt-decode in the browser is not jsonwebtoken',
      code: "import { jwtDecode } from 'jwt-decode';\nexport const claims = (t: string) => jwtDecode(t);\n",
    },
  ],
  invalid: [
    {
      rule: 'security/csrf-missing',
      name: 'POST and DELETE routes on express-session',
      code: withSession(
        '{ secret: process.env.S!, cookie: { secure: true } }',
        "app.post('/transfer', (req, res) => res.json({})); // !\napp.get('/balance', (req, res) => res.json({}));\napp.delete('/account', (req, res) => res.json({})); // !",
      ),
    },
    {
      rule: 'security/csrf-missing',
      name: 'routes in another file than the session; lax is low',
      code: withSession(
        "{ secret: process.env.S!, cookie: { sameSite: 'lax', secure: true } }",
        "app.use('/', router);",
        "import { router } from './routes.js';",
      ),
      files: {
        'src/routes.ts':
          "import { Router } from 'express';\nexport const router = Router();\nrouter.put('/profile', (req, res) => res.json({}));\n",
      },
      errors: [{ ruleId: 'security/csrf-missing', line: 3, file: 'src/routes.ts', severity: 'low' }],
    },
    {
      rule: 'security/insecure-cookie',
      name: 'session options with httpOnly false',
      code: "app.use(session({ secret: process.env.S!, cookie: { httpOnly: false, sameSite: 'strict' } }));\n",
      errors: [{ ruleId: 'security/insecure-cookie', line: 1 }],
    },
    {
      rule: 'security/insecure-cookie',
      name: 'auth cookie without flags',
      code: "app.get('/x', (req, res) => {\n  res.cookie('auth_token', 'v'); // !\n  res.end();\n});\n",
    },
    {
      rule: 'security/permissive-cors',
      name: 'origin true with credentials',
      code: 'app.use(cors({ origin: true, credentials: true })); // !\n',
    },
    {
      rule: 'security/permissive-cors',
      name: 'origin callback accepting all, and * with credentials',
      code: "app.use(cors({ origin: (o, cb) => cb(null, true), credentials: true })); // !\nfastify.register(fastifyCors, { origin: '*', credentials: true }); // !\n",
    },
    {
      rule: 'security/permissive-cors',
      name: 'headers: the request origin echoed with credentials',
      code: "app.use((req, res, next) => {\n  res.setHeader('Access-Control-Allow-Origin', req.headers.origin); // !\n  res.setHeader('Access-Control-Allow-Credentials', 'true');\n  next();\n});\napp.use((req, res, next) => {\n  const origin = req.get('origin');\n  res.set('Access-Control-Allow-Origin', origin); // !\n  res.set('Access-Control-Allow-Credentials', 'true');\n  next();\n});\n",
    },
    {
      rule: 'security/jwt-none-algorithm',
      name: "algorithms ['none']",
      code: "import jwt from 'jsonwebtoken';\nexport const check = (t: string) => jwt.verify(t, '', { algorithms: ['none'] }); // !\n",
    },
    {
      rule: 'security/jwt-decode-without-verify',
      name: 'decode used as authentication',
      code: "import jwt from 'jsonwebtoken';\nexport function currentUser(token: string) {\n  const claims = jwt.decode(token); // !\n  return claims;\n}\n",
    },
    {
      rule: 'security/jwt-verify-without-algorithms',
      name: 'verify without algorithms',
      code: "import { verify } from 'jsonwebtoken';\nexport const check = (t: string, k: string) => verify(t, k); // !\n",
    },
  ],
};
