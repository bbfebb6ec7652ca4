/** /capabilities and /openapi.json: what this daemon can run and how to talk to it. */
import { buildOpenApi } from '../openapi.js';
import { defineRoute, json, ref, type RouteSpec } from '../route-spec.js';

export const infoRoutes: RouteSpec[] = [
  defineRoute({
    method: 'get',
    path: '/capabilities',
    auth: 'credentials',
    summary: 'Registered capabilities.',
    responses: { '200': json('Capability meta.', { type: 'array', items: ref('CapabilityMeta') }) },
    handler: (ctx) => (_req, res) => {
      res.json(ctx.registry.list());
    },
  }),
  defineRoute({
    method: 'get',
    path: '/openapi.json',
    auth: 'credentials',
    summary: 'This document, generated from the route table (daemon/http/route-table.ts).',
    responses: { '200': json('OpenAPI 3.1.', { type: 'object' }) },
    handler: (ctx, table) => {
      const document = buildOpenApi(ctx.version, table);
      return (_req, res) => {
        res.json(document);
      };
    },
  }),
];
