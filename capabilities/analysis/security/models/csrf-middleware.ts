/** CSRF middleware: any of these applied app-wide (or on a route) protects state-changing routes of cookie sessions. */
import type { LibraryModel } from './types.js';

export const model: LibraryModel = {
  id: 'csrf-middleware',
  title: 'CSRF middleware (csurf, csrf-csrf, csrf-sync, lusca, tiny-csrf, @fastify/csrf-protection)',
  modules: ['csurf', 'csrf-csrf', 'csrf-sync', 'lusca', 'tiny-csrf', '@dr.pogodin/csurf', '@fastify/csrf-protection', 'csrf', 'koa-csrf'],
  roles: ['csrfProtection'],
};
