/**
 * generation.service: the data-access module of one resource — typed entity, create and update
 * inputs, list/get/create/update/remove — in parameterised SQL for the driver the project depends on
 * (pg for PostgreSQL, sql.js for SQLite); unique violations become a ConflictError. In the project's
 * services folder, else src/services/ (services/ without src/); on a Next.js project without Express
 * or Fastify, lib/ (src/lib/ in a src layout), as Next.js projects keep server modules.
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { describeStaged, onExistingSchema, stageFiles, type OnExisting } from './kit/index.js';
import type { Dialect } from './service/field-types.js';
import { databaseSchema, fieldsSchema, resourceSchema, tableSchema } from './service/input-schema.js';
import { detectStack } from './service/project-stack.js';
import { isNextOnly, nextStack } from './api-route/next-handlers.js';
import { renderService, servicePaths } from './service/render-service.js';
import { describeAssumed, fieldsFor } from './service/default-fields.js';
import { resourceModel, type FieldSpec } from './service/resource-model.js';
import { refuseCollision } from './service/collisions.js';
import { SERVICE_PLANNING } from './service/planning.js';

export const meta: CapabilityMeta = {
  id: 'generation.service',
  group: 'generation',
  title: 'Service (data access)',
  description:
    "Writes the data-access service of a resource: typed entity and inputs, list/get/create/update/remove in parameterised SQL for the project's driver (pg or sql.js).",
  version: '1.0.0',
  inputSchema: {
    type: 'object',
    anyOf: [{ required: ['resource'] }, { required: ['name'] }],
    additionalProperties: false,
    properties: {
      resource: resourceSchema,
      name: {
        type: 'string',
        pattern: '^[A-Z][A-Za-z0-9]*$',
        maxLength: 80,
        description:
          'The service class name ("CustomerService"); when given, the resource is the name without its Service/Repository suffix.',
      },
      fields: fieldsSchema,
      table: tableSchema,
      database: databaseSchema,
      onExisting: onExistingSchema,
    },
  },
  writes: true,
  planning: SERVICE_PLANNING,
};

export interface ServiceInput {
  resource?: string;
  name?: string;
  fields?: FieldSpec[];
  table?: string;
  database?: 'auto' | Dialect;
  onExisting?: OnExisting;
}

export async function run(input: ServiceInput, ctx: CapabilityContext): Promise<StepResult> {
  const resource = input.name ? input.name.replace(/(Service|Repository)$/, '') || input.name : (input.resource ?? '');
  const chosen = fieldsFor(resource, input.fields);
  const model = resourceModel(resource, chosen.fields, input.table);
  const renamed =
    input.name && input.name !== `${model.pascal}Service`
      ? ` (asked for ${input.name}: generated services are named <Resource>Service)`
      : '';
  const detected = await detectStack(ctx, input.database ?? 'auto');
  // A Next.js project keeps server modules in lib/ (src/lib/), where api-route and crud-resource put theirs.
  const stack = isNextOnly(ctx.project.frameworks) ? nextStack(detected) : detected;
  const paths = servicePaths(model, stack);
  await refuseCollision(ctx, `${model.pascal}Service`, [paths.service], input.onExisting);
  const rendered = await renderService(ctx, model, stack);
  const staged = await stageFiles(ctx, rendered.files, input.onExisting ?? 'refuse');
  const orm =
    stack.schemaTools.length > 0
      ? ` The project also uses ${stack.schemaTools.join(', ')}; this service is plain SQL through ${stack.driver} (ORM output is not generated yet).`
      : '';
  return {
    summary: `generation.service: ${describeStaged(staged)} — ${model.pascal}Service${renamed} on table ${model.table} (${stack.dialect}, ${stack.driver}) in ${paths.service}.${chosen.assumed ? ` ${describeAssumed(chosen)}` : ''} Not checked here: compile, lint and tests run when you verify the project.${orm}`,
    data: {
      staged,
      fields: chosen.fields,
      assumedFields: chosen.assumed !== null,
      resource: model.pascal,
      table: model.table,
      dialect: stack.dialect,
      driver: stack.driver,
      files: paths,
      notes: rendered.notes,
      checked: [],
    },
  };
}
