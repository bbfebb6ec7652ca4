/** cookie-session: the whole session lives in a signed cookie; keys are secrets by position. */
import type { LibraryModel, OptionRule } from './types.js';

const callee = { module: ['cookie-session'], path: [''] };
const FIX = 'Set httpOnly: true, secure: true and a sameSite policy.';
const option = (rule: Omit<OptionRule, 'callee' | 'arg' | 'ruleId' | 'fix'>): OptionRule => ({
  callee,
  arg: 0,
  ruleId: 'security/insecure-cookie',
  fix: FIX,
  ...rule,
});

export const model: LibraryModel = {
  id: 'cookie-session',
  title: 'cookie-session',
  modules: ['cookie-session'],
  assumedLocals: ['cookieSession'],
  roles: ['cookieSession'],
  secrets: [{ callee, arg: 0, members: ['secret', 'keys'], ruleId: 'security/hardcoded-key', what: 'the session signing key' }],
  options: [
    option({ option: 'httpOnly', is: ['false'], message: 'Session cookie configured with httpOnly: false.' }),
    option({ option: 'secure', is: ['false'], message: 'Session cookie configured with secure: false.' }),
    option({
      option: 'secure',
      is: 'missing',
      severity: 'low',
      message: 'Session cookie without `secure`: it is sent over plain HTTP too.',
    }),
  ],
};
