/** express-jwt and passport-jwt: the verification secret is a secret by position; express-jwt needs pinned algorithms. */
import type { LibraryModel } from './types.js';

export const model: LibraryModel = {
  id: 'express-jwt',
  title: 'express-jwt and passport-jwt',
  modules: ['express-jwt', 'passport-jwt', 'koa-jwt'],
  secrets: [
    {
      callee: { module: ['express-jwt', 'koa-jwt'], path: ['', 'expressjwt'] },
      arg: 0,
      members: ['secret'],
      ruleId: 'security/hardcoded-key',
      what: 'the JWT verification secret',
    },
    {
      callee: { module: ['passport-jwt'], path: ['Strategy'] },
      construct: 'only',
      arg: 0,
      members: ['secretOrKey'],
      ruleId: 'security/hardcoded-key',
      what: 'the JWT verification secret',
    },
  ],
  options: [
    {
      callee: { module: ['express-jwt'], path: ['', 'expressjwt'] },
      arg: 0,
      option: 'algorithms',
      is: 'missing',
      ruleId: 'security/jwt-verify-without-algorithms',
      severity: 'low',
      message: 'express-jwt without an algorithms list.',
      fix: 'Pass `algorithms: [...]` with exactly the algorithms you issue.',
    },
  ],
};
