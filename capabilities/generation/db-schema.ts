/**
 * generation.db-schema: a model spec (name, fields, relations) as the project's schema — a Prisma
 * model appended to schema.prisma (formatted and validated by Prisma's own Wasm engine), a Drizzle
 * table appended to the Drizzle schema module (pg-core or sqlite-core), a TypeORM entity class, a
 * Sequelize model (sequelize-cli's model module, or a typed class in TypeScript) with its migration, a
 * Knex create-table migration (a Knex project's schema is its migrations), or plain SQL DDL for
 * PostgreSQL or SQLite. The target is the project's schema tool unless the input names one.
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { AgentdError } from '../../core/index.js';
import { describeStaged, onExistingSchema, stageFiles, type OnExisting, type StagedFile } from './kit/index.js';
import {
  modelSchemaProperties,
  normaliseModel,
  type Dialect,
  type FieldSpec,
  type Model,
  type RelationSpec,
} from './db-schema/model-spec.js';
import { drizzleSchemaFor, findDrizzleModule } from './db-schema/drizzle-target.js';
import { prismaProvider, prismaSchemaFor } from './db-schema/prisma-target.js';
import { sqlSchemaFor } from './db-schema/sql-target.js';
import { typeormEntityFor } from './db-schema/typeorm-target.js';
import { mongooseModelFor } from './db-schema/mongoose-target.js';
import { sequelizeModelFor } from './db-schema/sequelize-target.js';
import { detectLayout } from './migration/layouts.js';
import { BUILT_TARGETS, chooseTarget, dialectFromPackage, DIALECT_NAMES, type Target } from './db-schema/targets.js';
import { PLANNING } from './db-schema/planning.js';

export const meta: CapabilityMeta = {
  id: 'generation.db-schema',
  group: 'generation',
  title: 'Database schema',
  description:
    "Writes a model (fields, types, constraints, relations) into the project's schema: a Prisma model validated by Prisma's engine, a Drizzle table, a TypeORM entity, a Knex create-table migration, a Sequelize model and its migration, a Mongoose schema and model, or SQL DDL for PostgreSQL or SQLite.",
  version: '1.2.0',
  writes: true,
  planning: PLANNING,
  // A Knex project's model is a create-table migration, a Sequelize one's comes with one: generation.migration writes it.
  execution: { parses: 'none', composes: ['generation.migration'] },
  inputSchema: {
    type: 'object',
    required: ['name'],
    additionalProperties: false,
    properties: {
      ...modelSchemaProperties,
      target: {
        type: 'string',
        enum: [...BUILT_TARGETS],
        description:
          "Schema tool to write for (default: the project's: Prisma, Drizzle, TypeORM, Knex, Sequelize, Mongoose, else plain SQL).",
      },
      dialect: {
        type: 'string',
        enum: ['postgresql', 'sqlite'],
        description:
          "SQL dialect (default: the Prisma datasource, the Drizzle module, the TypeORM DataSource's type, the project's database driver, else postgresql).",
      },
      path: {
        type: 'string',
        description:
          "Schema file to append to or create (default: the project's schema.prisma / Drizzle schema module / SQL schema file, else a new one; TypeORM: the new entity file, default <entities folder>/<Model>.ts or <model>.entity.ts; Knex: the migrations folder).",
      },
      onExisting: onExistingSchema,
    },
  },
};

export interface DbSchemaInput {
  name: string;
  table?: string;
  fields?: FieldSpec[];
  relations?: RelationSpec[];
  target?: Target;
  dialect?: Dialect;
  path?: string;
  onExisting?: OnExisting;
}

async function findPrismaSchema(ctx: CapabilityContext, requested?: string): Promise<string | null> {
  if (requested) return (await ctx.workspace.exists(requested)) ? requested : null;
  const files = await ctx.workspace.list({ extensions: ['.prisma'], exclude: ['node_modules/**'] });
  const preferred = ['prisma/schema.prisma', 'schema.prisma', 'prisma/schema/schema.prisma'];
  return preferred.find((p) => files.includes(p)) ?? files.sort()[0] ?? null;
}

export async function run(input: DbSchemaInput, ctx: CapabilityContext): Promise<StepResult> {
  const model = normaliseModel(input);
  const { target, note } = chooseTarget(ctx, input.target);
  const notes = note ? [note] : [];
  const edits = async (path: string, content: string): Promise<StagedFile[]> =>
    // Appending a model to an existing schema file is the edit asked for: always a reviewed diff.
    stageFiles(ctx, [{ path, content }], 'propose');

  if (target === 'prisma') {
    const schemaPath = await findPrismaSchema(ctx, input.path);
    const existing = schemaPath ? await ctx.workspace.read(schemaPath) : null;
    const dialect = input.dialect ?? (existing ? prismaProvider(existing) : null) ?? (await dialectFromPackage(ctx)) ?? 'postgresql';
    const result = await prismaSchemaFor(ctx, model, schemaPath ?? input.path ?? null, dialect);
    const staged = await edits(result.path, result.content);
    notes.push(...result.notes);
    const validation = result.validation.valid
      ? "validated by Prisma's schema engine (Wasm)"
      : "NOT valid under Prisma's schema engine (the schema had errors before)";
    return finish(
      `Model ${model.name} in ${result.path} (Prisma, ${DIALECT_NAMES[dialect]}): ${describeStaged(staged)}; ${validation}.`,
      staged,
      { target, dialect, model: describeModel(model), validation: result.validation, notes },
    );
  }
  if (target === 'drizzle') {
    const found = await findDrizzleModule(ctx);
    if (input.path) found.path = input.path;
    const dialect = input.dialect ?? found.dialect ?? (await dialectFromPackage(ctx)) ?? 'postgresql';
    if (found.dialect && input.dialect && found.dialect !== input.dialect)
      throw new AgentdError(
        'invalid_input',
        `dialect: ${found.path} is a ${DIALECT_NAMES[found.dialect]} schema; a ${DIALECT_NAMES[input.dialect]} table does not belong in it`,
      );
    const result = await drizzleSchemaFor(ctx, model, found, dialect);
    const staged = result.created
      ? await stageFiles(ctx, [{ path: result.path, content: result.content }], input.onExisting ?? 'refuse')
      : await edits(result.path, result.content);
    notes.push(...result.notes);
    return finish(
      `Table ${result.variable} (${model.table}) in ${result.path} (Drizzle ${dialect === 'postgresql' ? 'pg-core' : 'sqlite-core'}): ${describeStaged(staged)}; not type-checked here (run tsc).`,
      staged,
      { target, dialect, model: describeModel(model), notes },
    );
  }
  if (target === 'typeorm') {
    const dialect = input.dialect ?? (await detectLayout(ctx, 'typeorm')).dialect ?? (await dialectFromPackage(ctx)) ?? 'postgresql';
    const result = await typeormEntityFor(ctx, model, dialect, input.path);
    const staged = await stageFiles(ctx, [{ path: result.path, content: result.content }], input.onExisting ?? 'refuse');
    notes.push(...result.notes);
    return finish(
      `Entity ${model.name} (${model.table}) in ${result.path} (TypeORM, ${DIALECT_NAMES[dialect]}): ${describeStaged(staged)}; not type-checked here (run tsc); generation.migration writes its migration.`,
      staged,
      { target, dialect, model: describeModel(model), notes },
    );
  }
  if (target === 'mongoose') {
    const result = await mongooseModelFor(ctx, model, input.path);
    const staged = await stageFiles(ctx, [{ path: result.path, content: result.content }], input.onExisting ?? 'refuse');
    notes.push(...result.notes);
    return finish(
      `Mongoose schema and model ${model.name} (collection ${model.table}) in ${result.path}: ${describeStaged(staged)}; not type-checked here (run tsc).`,
      staged,
      { target, model: describeModel(model), notes },
    );
  }
  if (target === 'sequelize') {
    // The model sequelize-cli's models/index.js loads, and the create-table migration that makes its table.
    const dialect = input.dialect ?? (await detectLayout(ctx, 'sequelize')).dialect ?? (await dialectFromPackage(ctx)) ?? 'postgresql';
    const result = await sequelizeModelFor(ctx, model, dialect, input.path);
    const staged = await stageFiles(ctx, [{ path: result.path, content: result.content }], input.onExisting ?? 'refuse');
    notes.push(...result.notes);
    const written = await ctx.invoke('generation.migration', {
      name: input.name,
      ...(input.table ? { table: input.table } : {}),
      ...(input.fields ? { fields: input.fields } : {}),
      ...(input.relations ? { relations: input.relations } : {}),
      dialect,
      change: 'create-table',
      layout: 'sequelize',
      onExisting: input.onExisting ?? 'refuse',
    });
    const migrationFiles = ((written.data as { files?: StagedFile[] }).files ?? []) as StagedFile[];
    return finish(
      `Model ${model.name} (${model.table}) in ${result.path} (Sequelize, ${DIALECT_NAMES[dialect]}): ${describeStaged(staged)}; its table: ${written.summary}`,
      [...staged, ...migrationFiles],
      { target, dialect, model: describeModel(model), migration: (written.data as { name?: string }).name, notes },
    );
  }
  if (target === 'knex') {
    // Knex has no schema file: the table is created by a migration in the knexfile's folder.
    const written = await ctx.invoke('generation.migration', {
      name: input.name,
      ...(input.table ? { table: input.table } : {}),
      ...(input.fields ? { fields: input.fields } : {}),
      ...(input.relations ? { relations: input.relations } : {}),
      ...(input.dialect ? { dialect: input.dialect } : {}),
      ...(input.path ? { dir: input.path } : {}),
      change: 'create-table',
      layout: 'knex',
      onExisting: input.onExisting ?? 'refuse',
    });
    return {
      summary: `Model ${model.name} as a Knex create-table migration (a Knex project's schema is its migrations): ${written.summary}`,
      data: { ...(written.data as Record<string, unknown>), target, model: describeModel(model) },
    };
  }
  const dialect = input.dialect ?? (await dialectFromPackage(ctx)) ?? 'postgresql';
  const result = await sqlSchemaFor(ctx, model, dialect, input.path);
  const staged = result.created
    ? await stageFiles(ctx, [{ path: result.path, content: result.content }], input.onExisting ?? 'refuse')
    : await edits(result.path, result.content);
  notes.push(...result.notes);
  return finish(
    `Table ${model.table} in ${result.path} (${DIALECT_NAMES[dialect]} DDL): ${describeStaged(staged)}; not applied to a database here (generation.migration writes the up/down migration).`,
    staged,
    { target, dialect, model: describeModel(model), statements: result.statements, notes },
  );
}

function finish(summary: string, staged: StagedFile[], data: Record<string, unknown>): StepResult {
  const notes = data.notes as string[];
  return { summary: notes.length > 0 ? `${summary} ${notes.join('; ')}.` : summary, data: { ...data, files: staged } };
}

/** The normalised model as JSON for the result (names in code and SQL, types, constraints). */
function describeModel(model: Model): Record<string, unknown> {
  return {
    name: model.name,
    table: model.table,
    columns: model.columns.map((c) => ({
      field: c.field,
      column: c.column,
      type: c.type,
      nullable: c.nullable,
      unique: c.unique,
      primary: c.primary,
      ...(c.references ? { references: `${c.references.table}.${c.references.column}` } : {}),
    })),
    relations: model.relations.map((r) => ({
      kind: r.kind,
      field: r.field,
      model: r.model,
      ...(r.joinTable ? { joinTable: r.joinTable.table } : {}),
    })),
  };
}
