/** /capabilities and /openapi.json: what this daemon can run and how to talk to it. */
import { Router } from 'express';
import type { AppContext } from '../app-context.js';
import { buildOpenApi } from '../openapi.js';

export function infoRoutes(ctx: AppContext): Router {
  const router = Router();
  const document = buildOpenApi(ctx.version);
  router.get('/capabilities', (_req, res) => {
    res.json(ctx.registry.list());
  });
  router.get('/openapi.json', (_req, res) => {
    res.json(document);
  });
  return router;
}
