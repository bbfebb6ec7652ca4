/** cors, @fastify/cors, socket.io's cors option: reflecting any origin (or `*`) together with credentials. The checks live in ../config/scan-cookies-cors.ts. */
import type { LibraryModel } from './types.js';

export const model: LibraryModel = {
  id: 'cors',
  title: 'CORS middleware and headers',
  modules: ['cors', '@fastify/cors', '@koa/cors', 'koa2-cors'],
};
