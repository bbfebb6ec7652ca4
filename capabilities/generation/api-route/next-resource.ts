/**
 * Every file a resource behind Next.js route handlers needs, for api-route and crud-resource alike:
 * its service (when the caller asks for one), the shared error envelope, request checks and input
 * parsers the Express and Fastify routes use too, the service instance and the route.ts handlers.
 */
import type { CapabilityContext } from '../../../core/index.js';
import type { GeneratedFile } from '../kit/index.js';
import type { ProjectStack } from '../service/project-stack.js';
import { renderService, servicePaths, type ServicePaths } from '../service/render-service.js';
import type { ResourceModel } from '../service/resource-model.js';
import { nextPaths, renderNextHandlers, type NextPaths } from './next-handlers.js';
import { renderRoutes, routePaths, type RouteMethod, type RoutePaths } from './render-routes.js';

export interface NextResourceFiles {
  files: GeneratedFile[];
  notes: string[];
  handlers: NextPaths;
  service: ServicePaths;
  support: RoutePaths;
}

export async function renderNextResource(
  ctx: CapabilityContext,
  model: ResourceModel,
  stack: ProjectStack,
  methods: RouteMethod[],
  basePath: string,
  withService: boolean,
): Promise<NextResourceFiles> {
  const svc = servicePaths(model, stack);
  const paths = routePaths(model, stack);
  const files: GeneratedFile[] = [];
  const notes: string[] = [];
  if (withService) {
    const service = await renderService(ctx, model, stack);
    files.push(...service.files);
    notes.push(...service.notes);
  }
  const support = await renderRoutes(ctx, model, stack, 'express', methods, basePath, svc.service, svc.serviceErrors);
  // The shared modules (error envelope, request checks, input parsers), not the Express router.
  files.push(...support.files.filter((f) => f.path !== paths.routes));
  notes.push(...support.notes);
  const rendered = await renderNextHandlers(ctx, model, stack, methods, basePath, {
    apiError: paths.apiError,
    requestChecks: paths.requestChecks,
    input: paths.input,
    service: svc.service,
  });
  files.push(...rendered.files);
  notes.push(...rendered.notes);
  return { files, notes, handlers: nextPaths(stack, model, basePath), service: svc, support: paths };
}
