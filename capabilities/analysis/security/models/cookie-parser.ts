/** cookie-parser: the secret signs cookies (a secret by position); `res.cookie` of session/token cookies needs httpOnly and secure. */
import type { LibraryModel } from './types.js';

export const model: LibraryModel = {
  id: 'cookie-parser',
  title: 'cookie-parser and res.cookie',
  modules: ['cookie-parser', 'cookie'],
  secrets: [
    { callee: { module: ['cookie-parser'], path: [''] }, arg: 0, ruleId: 'security/hardcoded-key', what: 'the cookie signing secret' },
  ],
};
