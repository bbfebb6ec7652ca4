/** POST /plans: the plan of a task as data; no job is created (daemon/agent/plan-only.ts). */
import type { PlanRequest } from '../../agent/plan-only.js';
import { defineRoute, json, ref, type RouteSpec } from '../route-spec.js';
import { createPlanSchema } from '../schemas.js';

export const plansRoutes: RouteSpec[] = [
  defineRoute<Record<string, never>, PlanRequest>({
    method: 'post',
    path: '/plans',
    auth: 'credentials',
    summary: 'Plan a free-text task without creating a job: the plan (or the question, or what agentd can do) as data.',
    body: { what: 'plan request', schema: createPlanSchema },
    responses: { '200': json('The plan; nothing was stored or queued.', ref('PlanAnswer')) },
    errors: [400, 403, 415, 503],
    handler:
      (ctx) =>
      async (_req, res, { body }) => {
        if (!ctx.planner) {
          res
            .status(503)
            .json({ error: { code: 'unavailable', message: 'This daemon was built without the planner; submit the task as a job.' } });
          return;
        }
        res.json(await ctx.planner.plan(body));
      },
  }),
];
