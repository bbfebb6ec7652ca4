/**
 * The Prisma target: a `model` block (fields camelCase mapped to snake_case columns, `@@map` to the
 * plural table, so the SQL matches the other targets and the migrations) appended to the project's
 * schema.prisma, or a new prisma/schema.prisma; formatted and validated by Prisma's own engine.
 */
import { AgentdError, type CapabilityContext } from '../../../core/index.js';
import { renderTemplate } from '../kit/index.js';
import { spellingOf, type Column, type Dialect, type Model } from './model-spec.js';
import { formatPrismaSchema, prismaModels, prismaSchemaErrors } from './prisma-engine.js';

const ON_DELETE = { cascade: 'Cascade', 'set-null': 'SetNull', restrict: 'Restrict' } as const;

function prismaDefault(column: Column): string | null {
  if (column.autoIncrement) return '@default(autoincrement())';
  if (!column.default) return null;
  if (column.default.kind === 'now') return '@default(now())';
  return `@default(${typeof column.default.value === 'string' ? JSON.stringify(column.default.value) : String(column.default.value)})`;
}

function fieldLine(column: Column, dialect: Dialect): string {
  const spelling = spellingOf(column.type);
  const parts = [column.field, `${spelling.prisma}${column.nullable ? '?' : ''}`];
  if (column.primary) parts.push('@id');
  const def = prismaDefault(column);
  if (def) parts.push(def);
  if (column.unique) parts.push('@unique');
  if (column.column !== column.field) parts.push(`@map(${JSON.stringify(column.column)})`);
  if (dialect === 'postgresql' && spelling.prismaPg) parts.push(spelling.prismaPg);
  return parts.join(' ');
}

/** The model block's lines (unformatted: Prisma's formatter aligns them). */
export function prismaModelData(model: Model, dialect: Dialect): { model: Model; lines: string[]; blockAttributes: string[] } {
  const lines: string[] = [];
  const blockAttributes: string[] = [];
  for (const column of model.columns) lines.push(fieldLine(column, dialect));
  for (const relation of model.relations) {
    if (relation.kind === 'many-to-one') {
      const column = relation.column!;
      const ref = column.references!;
      lines.push(
        `${relation.field} ${relation.model}${relation.optional ? '?' : ''} @relation(fields: [${column.field}], references: [id], onDelete: ${ON_DELETE[ref.onDelete]})`,
      );
      blockAttributes.push(`@@index([${column.field}])`);
    } else {
      lines.push(`${relation.field} ${relation.model}[]`);
    }
  }
  if (model.table !== model.name) blockAttributes.push(`@@map(${JSON.stringify(model.table)})`);
  return { model, lines, blockAttributes };
}

/** The models a schema declares (by name). */
export function prismaModelNames(schema: string): string[] {
  return [...schema.matchAll(/^\s*model\s+([A-Za-z_]\w*)\s*\{/gm)].map((m) => m[1]!);
}

export function prismaProvider(schema: string): Dialect | null {
  const match = /datasource\s+\w+\s*\{[^}]*provider\s*=\s*"([^"]+)"/m.exec(schema);
  if (!match) return null;
  return match[1] === 'sqlite' ? 'sqlite' : match[1] === 'postgresql' || match[1] === 'postgres' ? 'postgresql' : null;
}

export interface PrismaResult {
  path: string;
  content: string;
  created: boolean;
  validation: { engine: '@prisma/prisma-schema-wasm'; valid: boolean; errors?: string; errorsBefore?: string };
  notes: string[];
}

/** The schema with the model appended (or a new schema), formatted and validated by the engine. */
export async function prismaSchemaFor(
  ctx: CapabilityContext,
  model: Model,
  schemaPath: string | null,
  dialect: Dialect,
): Promise<PrismaResult> {
  const existing = schemaPath ? await ctx.workspace.read(schemaPath) : null;
  const known = existing ? prismaModelNames(existing) : [];
  if (known.includes(model.name))
    throw new AgentdError('invalid_input', `name: model ${model.name} already exists in ${schemaPath}`, {
      details: [{ path: '/name', message: `${model.name} exists` }],
    });
  model.relations.forEach((relation, i) => {
    if (relation.model !== model.name && !known.includes(relation.model)) {
      throw new AgentdError(
        'invalid_input',
        `relations[${i}].model: ${relation.model} is not a model in ${schemaPath ?? 'the schema'}; generate ${relation.model} first, or leave the relation out (Prisma needs both sides of a relation)`,
        {
          details: [{ path: `/relations/${i}/model`, message: `${relation.model} is not defined` }],
        },
      );
    }
  });
  const block = (await renderTemplate(ctx, 'db-schema', 'prisma-model.eta', prismaModelData(model, dialect))).text;
  const notes: string[] = [];
  let content: string;
  if (existing !== null) {
    content = `${existing.replace(/\s*$/, '')}\n\n${block}`;
  } else {
    content = (await renderTemplate(ctx, 'db-schema', 'prisma-schema.eta', { provider: dialect, models: block })).text;
  }
  const path = schemaPath ?? 'prisma/schema.prisma';
  const errorsBefore = existing !== null ? prismaSchemaErrors(existing, baseName(path)) : null;
  const formatted = formatPrismaSchema(content, baseName(path));
  const errors = prismaSchemaErrors(formatted, baseName(path));
  if (errors && !errorsBefore)
    throw new AgentdError('capability_error', `generation.db-schema: Prisma's engine rejected the generated model: ${errors}`);
  if (!errors && existing !== null && !errorsBefore) notes.push(...addedBackRelations(existing, formatted, model.name, baseName(path)));
  if (errorsBefore) notes.push(`${path} did not validate before the change either (Prisma's engine): ${errorsBefore.split('\n')[0]}`);
  return {
    path,
    content: formatted,
    created: existing === null,
    validation: {
      engine: '@prisma/prisma-schema-wasm',
      valid: errors === null,
      ...(errors ? { errors } : {}),
      ...(errorsBefore ? { errorsBefore } : {}),
    },
    notes,
  };
}

/** Fields Prisma's formatter added to other models (the back side of a relation), described for the summary. */
function addedBackRelations(before: string, after: string, own: string, file: string): string[] {
  const fieldsOf = (schema: string): Map<string, string[]> =>
    new Map(prismaModels(schema, file).map((m) => [m.name, m.fields.map((f) => f.name)]));
  const was = fieldsOf(before);
  const notes: string[] = [];
  for (const [name, fields] of fieldsOf(after)) {
    if (name === own) continue;
    const added = fields.filter((f) => !(was.get(name) ?? []).includes(f));
    if (added.length > 0)
      notes.push(
        `Prisma's formatter added the back-relation field${added.length > 1 ? 's' : ''} ${added.join(', ')} to ${name} (a relation needs both sides; a new foreign-key column needs a migration)`,
      );
  }
  return notes;
}

const baseName = (p: string): string => p.slice(p.lastIndexOf('/') + 1);
