/**
 * express-session (and the Fastify/Koa session plugins): cookie sessions make state-changing routes
 * CSRF targets; the secret signs the session id; the cookie needs httpOnly and secure. (A default
 * cookie name only tells the stack: not reported.)
 */
import type { LibraryModel, OptionRule } from './types.js';

const SESSION = ['express-session', '@fastify/session', '@fastify/secure-session', 'koa-session', 'fastify-session'];
const callee = { module: SESSION, path: [''] };
const COOKIE_FIX = "Set cookie: { httpOnly: true, secure: true, sameSite: 'lax' } (secure behind TLS; trust proxy if TLS ends at a proxy).";
const option = (rule: Omit<OptionRule, 'callee' | 'arg' | 'ruleId' | 'fix'>): OptionRule => ({
  callee,
  arg: 0,
  ruleId: 'security/insecure-cookie',
  fix: COOKIE_FIX,
  ...rule,
});

export const model: LibraryModel = {
  id: 'express-session',
  title: 'express-session and session plugins',
  modules: SESSION,
  assumedLocals: ['session', 'expressSession'],
  roles: ['cookieSession'],
  secrets: [
    { callee, arg: 0, members: ['secret', 'secrets', 'key'], ruleId: 'security/hardcoded-key', what: 'the session signing secret' },
  ],
  options: [
    option({
      option: 'cookie.httpOnly',
      is: ['false'],
      message: 'Session cookie configured with httpOnly: false: any XSS reads the session.',
    }),
    option({
      option: 'cookie.secure',
      is: ['false'],
      message: 'Session cookie configured with secure: false: it travels over plain HTTP.',
    }),
    option({
      option: 'cookie.secure',
      is: 'missing',
      severity: 'low',
      message: 'Session cookie without `secure`: express-session sends it over plain HTTP too.',
    }),
    option({
      option: 'cookie.sameSite',
      is: ['none'],
      severity: 'low',
      message: "Session cookie with sameSite: 'none' is sent on cross-site requests.",
    }),
  ],
};
