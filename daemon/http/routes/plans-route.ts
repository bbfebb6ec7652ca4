/** POST /plans: the plan of a task as data; no job is created (daemon/agent/plan-only.ts). */
import { Router } from 'express';
import type { PlanRequest } from '../../agent/plan-only.js';
import type { AppContext } from '../app-context.js';
import { requireJson } from '../error-handler.js';
import { validatePlanRequest } from '../validate.js';

export function plansRoute(ctx: AppContext): Router {
  const router = Router();
  router.post('/plans', requireJson, async (req, res) => {
    if (!ctx.planner) {
      res.status(503).json({ error: { code: 'unavailable', message: 'This daemon was built without the planner; submit the task as a job.' } });
      return;
    }
    const body = validatePlanRequest<PlanRequest>(req.body ?? {});
    res.json(await ctx.planner.plan(body));
  });
  return router;
}
