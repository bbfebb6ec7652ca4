/**
 * generation.crud-resource: one resource end to end — the table's SQL, its service (parameterised
 * SQL), its REST routes (validation, error envelope) mounted where the app mounts routes, and
 * integration tests that run the real routes, service and SQL against the project's database
 * (PostgreSQL: a schema of their own per run; SQLite: in memory). Composes the parts of
 * generation.service and generation.api-route. On a Next.js app-router project (no Express or
 * Fastify) the routes are route handlers and the test calls them: crud-resource/next-crud.ts.
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { describeStaged, onExistingSchema, type OnExisting } from './kit/index.js';
import { planMount } from './api-route/mount.js';
import { renderRoutes, routeList, describeValidation, sharedRouteFiles, routePaths, ROUTE_METHODS } from './api-route/render-routes.js';
import { renderCrudParts } from './crud-resource/render-crud.js';
import type { Dialect } from './service/field-types.js';
import {
  basePathSchema,
  databaseSchema,
  fieldsSchema,
  mountSchema,
  resourceSchema,
  routeFrameworkSchema,
  tableSchema,
  validationSchema,
} from './service/input-schema.js';
import { chooseRouteFramework, detectStack, type RouteFramework } from './service/project-stack.js';
import type { ValidationLibrary } from './validator/project-facts.js';
import { nextStack } from './api-route/next-handlers.js';
import { runNextCrud } from './crud-resource/next-crud.js';
import { refuseCollision } from './service/collisions.js';
import { renderService, servicePaths } from './service/render-service.js';
import { describeAssumed, fieldsFor } from './service/default-fields.js';
import { resourceModel, type FieldSpec } from './service/resource-model.js';
import { stageGenerated } from './service/stage-generated.js';
import { CRUD_PLANNING } from './service/planning.js';

export const meta: CapabilityMeta = {
  id: 'generation.crud-resource',
  group: 'generation',
  title: 'CRUD resource',
  description:
    'Writes a whole resource: table SQL, a service with parameterised SQL, REST routes (Express, Fastify, or Next.js app-router route handlers) with validation and the error envelope, and integration tests against the real database.',
  version: '1.2.0',
  inputSchema: {
    type: 'object',
    required: ['resource'],
    additionalProperties: false,
    properties: {
      resource: resourceSchema,
      fields: fieldsSchema,
      table: tableSchema,
      basePath: basePathSchema,
      framework: routeFrameworkSchema,
      database: databaseSchema,
      validation: validationSchema,
      mount: mountSchema,
      onExisting: onExistingSchema,
    },
  },
  writes: true,
  planning: CRUD_PLANNING,
};

export interface CrudResourceInput {
  resource: string;
  fields?: FieldSpec[];
  table?: string;
  basePath?: string;
  framework?: 'auto' | RouteFramework;
  database?: 'auto' | Dialect;
  validation?: 'auto' | ValidationLibrary;
  mount?: boolean;
  onExisting?: OnExisting;
}

export async function run(input: CrudResourceInput, ctx: CapabilityContext): Promise<StepResult> {
  const chosen = fieldsFor(input.resource, input.fields);
  const model = resourceModel(input.resource, chosen.fields, input.table);
  const framework = chooseRouteFramework(ctx, input.framework);
  const detected = await detectStack(ctx, input.database ?? 'auto', input.validation ?? 'auto');
  if (framework === 'next') return runNextCrud(input, ctx, nextStack(detected));
  const stack = detected;
  const basePath = input.basePath ?? `/${model.pluralKebab}`;
  const svc = servicePaths(model, stack);
  const paths = routePaths(model, stack);
  await refuseCollision(ctx, `${model.pascal}Service`, [svc.service], input.onExisting);
  await refuseCollision(ctx, framework === 'express' ? `${model.camel}Router` : `${model.camel}Routes`, [paths.routes], input.onExisting);
  const service = await renderService(ctx, model, stack);
  const routes = await renderRoutes(ctx, model, stack, framework, ROUTE_METHODS, basePath, svc.service, svc.serviceErrors);
  const crud = await renderCrudParts(ctx, model, stack, framework, basePath, { routes: paths.routes, service: svc.service });
  const files = [...crud.files.slice(0, 1), ...service.files, ...routes.files, ...crud.files.slice(1)];
  const { staged, kept } = await stageGenerated(ctx, files, [svc.serviceErrors, ...sharedRouteFiles(paths)], input.onExisting);
  const mount = await planMount(ctx, model, stack, framework, { routes: paths.routes, service: svc.service }, basePath);
  const mounted = input.mount !== false && mount.change !== undefined;
  if (mounted) await ctx.workspace.write(mount.change!.path, mount.change!.content);
  const mountNote =
    input.mount === false
      ? `Not mounted (mount: false): add ${mount.statement}${mount.appFile ? ` to ${mount.appFile}` : ''}.`
      : mount.note;
  const testNote = crud.testFile
    ? `Integration tests in ${crud.testFile} (${stack.testRunner}; ${stack.dialect === 'postgres' ? 'they need PostgreSQL at DATABASE_URL and create and drop a schema of their own' : 'in-memory SQLite'}); they apply ${crud.tableFile} themselves.`
    : `No integration tests: the project's test runner (${stack.testRunner}) is not one these generators write for (mocha, node:test).`;
  const orm =
    stack.schemaTools.length > 0
      ? ` The project also uses ${stack.schemaTools.join(', ')}; this resource is plain SQL through ${stack.driver} (ORM output is not generated yet).`
      : '';
  return {
    summary: [
      `generation.crud-resource: ${describeStaged(staged)} for ${model.pluralCamel} — table ${model.table} (${crud.tableFile}, ${stack.dialect}), ${svc.service}, ${framework} routes in ${paths.routes} at ${basePath}.`,
      testNote,
      describeAssumed(chosen),
      describeValidation(stack.validation),
      mountNote,
      kept.length > 0 ? `Kept the project's ${kept.join(', ')} as they are.` : '',
      `Not checked here: compile, lint and the generated tests run when you verify the project (apply ${crud.tableFile} to your database first).${orm}`,
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
      driver: stack.driver,
      table: model.table,
      routes: routeList(ROUTE_METHODS, basePath),
      files: { table: crud.tableFile, test: crud.testFile, ...svc, ...paths },
      mount: { mounted, appFile: mount.appFile, statement: mount.statement, note: mountNote },
      notes: [...service.notes, ...routes.notes, ...crud.notes],
      checked: [],
    },
  };
}
