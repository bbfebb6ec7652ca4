/** jsonwebtoken (and jose): the signing key is a secret by position; `ignoreExpiration` keeps stolen tokens valid forever. */
import type { LibraryModel } from './types.js';

const JWT = ['jsonwebtoken'];

export const model: LibraryModel = {
  id: 'jsonwebtoken',
  title: 'jsonwebtoken and jose',
  modules: [...JWT, 'jose'],
  assumedLocals: ['jwt'],
  secrets: [
    { callee: { module: JWT, path: ['sign', 'verify'] }, arg: 1, ruleId: 'security/hardcoded-key', what: 'the JWT signing key' },
    { callee: { module: ['jose'], path: ['SignJWT().sign'] }, arg: 0, ruleId: 'security/hardcoded-key', what: 'the JWT signing key' },
  ],
  options: [
    {
      callee: { module: JWT, path: ['verify'] },
      arg: 2,
      option: 'ignoreExpiration',
      is: ['true'],
      ruleId: 'security/jwt-ignore-expiration',
      message: 'jwt.verify accepts expired tokens (ignoreExpiration: true).',
      fix: 'Remove ignoreExpiration; give tokens a short expiresIn and refresh them.',
    },
  ],
};
