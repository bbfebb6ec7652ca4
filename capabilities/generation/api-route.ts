/**
 * generation.api-route: REST routes of one resource for Express (a Router), Fastify (a plugin) or
 * Next.js (app-router route handlers, app/<basePath>/route.ts and [id]/route.ts):
 * hand-written input checks, the JSON error envelope, status codes (201/204/400/404/409/500), calling
 * the resource's service (written too when the project has none yet), mounted where the app mounts
 * its routes as a proposed diff when that is safe, else the line to add and where.
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { describeStaged, onExistingSchema, type GeneratedFile, type OnExisting } from './kit/index.js';
import { planMount } from './api-route/mount.js';
import {
  renderRoutes,
  routeList,
  describeValidation,
  sharedRouteFiles,
  routeMethodsOf,
  routePaths,
  type RouteMethod,
} from './api-route/render-routes.js';
import type { Dialect } from './service/field-types.js';
import {
  basePathSchema,
  databaseSchema,
  fieldsSchema,
  methodsSchema,
  mountSchema,
  resourceSchema,
  routeFrameworkSchema,
  tableSchema,
  validationSchema,
} from './service/input-schema.js';
import { chooseRouteFramework, detectStack, type RouteFramework } from './service/project-stack.js';
import type { ValidationLibrary } from './validator/project-facts.js';
import { nextStack } from './api-route/next-handlers.js';
import { renderNextResource } from './api-route/next-resource.js';
import { refuseCollision } from './service/collisions.js';
import { renderService, servicePaths } from './service/render-service.js';
import { describeAssumed, fieldsFor } from './service/default-fields.js';
import { resourceModel, type FieldSpec } from './service/resource-model.js';
import { stageGenerated } from './service/stage-generated.js';
import { API_ROUTE_PLANNING } from './service/planning.js';

export const meta: CapabilityMeta = {
  id: 'generation.api-route',
  group: 'generation',
  title: 'API route',
  description:
    'Writes the REST routes of a resource for Express, Fastify or Next.js (app-router route handlers): input validation, JSON error envelope, status codes, calling its service layer, mounted where the app mounts routes.',
  version: '1.2.0',
  inputSchema: {
    type: 'object',
    required: ['resource'],
    additionalProperties: false,
    properties: {
      resource: resourceSchema,
      fields: fieldsSchema,
      methods: methodsSchema,
      basePath: basePathSchema,
      framework: routeFrameworkSchema,
      database: databaseSchema,
      validation: validationSchema,
      table: tableSchema,
      mount: mountSchema,
      onExisting: onExistingSchema,
    },
  },
  writes: true,
  planning: API_ROUTE_PLANNING,
};

export interface ApiRouteInput {
  resource: string;
  fields?: FieldSpec[];
  methods?: (RouteMethod | 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE')[];
  basePath?: string;
  framework?: 'auto' | RouteFramework;
  database?: 'auto' | Dialect;
  validation?: 'auto' | ValidationLibrary;
  table?: string;
  mount?: boolean;
  onExisting?: OnExisting;
}

export async function run(input: ApiRouteInput, ctx: CapabilityContext): Promise<StepResult> {
  const chosen = fieldsFor(input.resource, input.fields);
  const model = resourceModel(input.resource, chosen.fields, input.table);
  const framework = chooseRouteFramework(ctx, input.framework);
  const detected = await detectStack(ctx, input.database ?? 'auto', input.validation ?? 'auto');
  if (framework === 'next') return runNext(input, ctx, nextStack(detected));
  const stack = detected;
  const methods = routeMethodsOf(input.methods);
  const basePath = input.basePath ?? `/${model.pluralKebab}`;
  const svc = servicePaths(model, stack);
  const paths = routePaths(model, stack);
  const name = framework === 'express' ? `${model.camel}Router` : `${model.camel}Routes`;
  await refuseCollision(ctx, name, [paths.routes], input.onExisting);
  const files: GeneratedFile[] = [];
  const notes: string[] = [];
  const serviceExists = await ctx.workspace.exists(svc.service);
  if (!serviceExists) {
    await refuseCollision(ctx, `${model.pascal}Service`, [svc.service], input.onExisting);
    const service = await renderService(ctx, model, stack);
    files.push(...service.files);
    notes.push(...service.notes);
  }
  const routes = await renderRoutes(ctx, model, stack, framework, methods, basePath, svc.service, svc.serviceErrors);
  files.push(...routes.files);
  notes.push(...routes.notes);
  const { staged, kept } = await stageGenerated(ctx, files, [svc.serviceErrors, ...sharedRouteFiles(paths)], input.onExisting);
  const mount = await planMount(ctx, model, stack, framework, { routes: paths.routes, service: svc.service }, basePath);
  const mounted = input.mount !== false && mount.change !== undefined;
  if (mounted) await ctx.workspace.write(mount.change!.path, mount.change!.content);
  const mountNote =
    input.mount === false
      ? `Not mounted (mount: false): add ${mount.statement}${mount.appFile ? ` to ${mount.appFile}` : ''}.`
      : mount.note;
  const routeText = routeList(methods, basePath)
    .map((r) => `${r.verb} ${r.path}`)
    .join(', ');
  return {
    summary: [
      `generation.api-route: ${describeStaged(staged)} — ${framework} routes ${routeText} in ${paths.routes}${serviceExists ? `, calling the existing ${svc.service}` : `, with its ${stack.dialect} service ${svc.service} (there was none)`}.`,
      describeAssumed(chosen),
      describeValidation(stack.validation),
      mountNote,
      kept.length > 0 ? `Kept the project's ${kept.join(', ')} as they are.` : '',
      'Input is checked by hand-written rules (no zod/ajv path yet). Not checked here: compile, lint and tests run when you verify the project.',
    ]
      .filter(Boolean)
      .join(' '),
    data: {
      staged,
      fields: chosen.fields,
      assumedFields: chosen.assumed !== null,
      kept,
      framework,
      dialect: stack.dialect,
      validation: stack.validation,
      routes: routeList(methods, basePath),
      files: { ...paths, ...svc },
      mount: { mounted, appFile: mount.appFile, statement: mount.statement, note: mountNote },
      notes,
      checked: [],
    },
  };
}

/** Next.js: route handler files under the app router instead of a router, nothing to mount (the folder is the route). */
async function runNext(input: ApiRouteInput, ctx: CapabilityContext, stack: Awaited<ReturnType<typeof detectStack>>): Promise<StepResult> {
  const chosen = fieldsFor(input.resource, input.fields);
  const model = resourceModel(input.resource, chosen.fields, input.table);
  const methods = routeMethodsOf(input.methods);
  const basePath = input.basePath ?? `/api/${model.pluralKebab}`;
  const servicePath = servicePaths(model, stack).service;
  const serviceExists = await ctx.workspace.exists(servicePath);
  if (!serviceExists) await refuseCollision(ctx, `${model.pascal}Service`, [servicePath], input.onExisting);
  const rendered = await renderNextResource(ctx, model, stack, methods, basePath, !serviceExists);
  const { files, notes, handlers, service: svc, support: paths } = rendered;
  const { staged, kept } = await stageGenerated(ctx, files, [svc.serviceErrors, ...sharedRouteFiles(paths)], input.onExisting);
  const routes = routeList(methods, basePath).map((r) => ({ ...r, path: r.path.replace('/:id', '/[id]') }));
  return {
    summary: [
      `generation.api-route: ${describeStaged(staged)} — Next.js route handlers ${routes.map((r) => `${r.verb} ${r.path}`).join(', ')} in ${[handlers.collection, handlers.item].filter((p) => files.some((f) => f.path === p)).join(' and ')}${serviceExists ? `, calling the existing ${svc.service}` : `, with its ${stack.dialect} service ${svc.service} (there was none)`}, built on a pg Pool from DATABASE_URL in ${handlers.instance}.`,
      describeAssumed(chosen),
      describeValidation(stack.validation),
      'Nothing to mount: the app router serves the route.ts files.',
      kept.length > 0 ? `Kept the project's ${kept.join(', ')} as they are.` : '',
      ...notes.map((note) => (note.endsWith('.') ? note : `${note}.`)),
      'Input is checked by hand-written rules (no zod/ajv path yet). Not checked here: compile, lint and tests run when you verify the project.',
    ]
      .filter(Boolean)
      .join(' '),
    data: {
      staged,
      fields: chosen.fields,
      assumedFields: chosen.assumed !== null,
      kept,
      framework: 'next',
      dialect: stack.dialect,
      validation: stack.validation,
      routes,
      files: { ...paths, ...svc, routes: handlers.collection, item: handlers.item, instance: handlers.instance },
      mount: { mounted: false, appFile: null, statement: null, note: 'the app router serves route.ts files' },
      notes,
      checked: [],
    },
  };
}
