/**
 * The Mongoose target: a schema and its model (`new Schema({...})`, `model('Post', postSchema)`, the
 * document type from `InferSchemaType`) in the project's models folder. MongoDB has no tables: the
 * collection is the plural snake_case name, a many-to-one relation is an ObjectId `ref`, a
 * many-to-many one an array of them; the added integer `id` is left to MongoDB's `_id`.
 */
import { AgentdError, type CapabilityContext } from '../../../core/index.js';
import { camelCase, renderTemplate } from '../kit/index.js';
import type { Column, FieldType, Model } from './model-spec.js';

export interface MongooseResult {
  path: string;
  content: string;
  notes: string[];
}

const SCHEMA_TYPES: Record<FieldType, string> = {
  string: 'String',
  text: 'String',
  uuid: 'String',
  int: 'Number',
  float: 'Number',
  bigint: 'BigInt',
  decimal: 'Schema.Types.Decimal128',
  boolean: 'Boolean',
  datetime: 'Date',
  date: 'Date',
  json: 'Schema.Types.Mixed',
};

function pathOptions(column: Column): string {
  const options = [`type: ${SCHEMA_TYPES[column.type]}`];
  if (column.type === 'int') options.push("validate: { validator: Number.isInteger, message: '{PATH} must be an integer' }");
  if (!column.nullable) options.push('required: true');
  if (column.unique) options.push('unique: true');
  if (column.default?.kind === 'now') options.push('default: Date.now');
  else if (column.default)
    options.push(
      `default: ${typeof column.default.value === 'string' ? `'${column.default.value.replace(/'/g, "\\'")}'` : String(column.default.value)}`,
    );
  return `{ ${options.join(', ')} }`;
}

/** The models folder: where files calling mongoose's model() are, else src/models. */
async function modelsDir(ctx: CapabilityContext): Promise<{ dir: string; names: Map<string, string> }> {
  const files = await ctx.workspace.list({
    extensions: ['.ts', '.js', '.mjs', '.cjs', '.mts'],
    exclude: ['node_modules/**', 'dist/**', '**/*.d.ts'],
  });
  const names = new Map<string, string>();
  let dir: string | undefined;
  for (const file of files.sort()) {
    const text = await ctx.workspace.read(file);
    for (const match of text.matchAll(/\bmodel\s*(?:<[^>]*>)?\(\s*['"]([A-Za-z_$][\w$]*)['"]/g)) {
      names.set(match[1]!, file);
      dir ??= file.slice(0, Math.max(0, file.lastIndexOf('/')));
    }
  }
  return { dir: dir || 'src/models', names };
}

export async function mongooseModelFor(ctx: CapabilityContext, model: Model, requested?: string): Promise<MongooseResult> {
  const { dir, names } = await modelsDir(ctx);
  const existing = names.get(model.name);
  if (existing)
    throw new AgentdError('invalid_input', `name: the Mongoose model ${model.name} exists (${existing})`, {
      details: [{ path: '/name', message: `${model.name} exists` }],
    });
  const typescript = ctx.project.language === 'typescript';
  const path = requested ?? `${dir}/${model.name}.${typescript ? 'ts' : 'js'}`;
  const notes: string[] = [];
  const paths: Array<{ key: string; definition: string }> = [];
  for (const column of model.columns) {
    if (column.primary && column.autoIncrement) continue; // MongoDB's _id
    if (model.relations.some((r) => r.column === column)) continue;
    paths.push({ key: column.field, definition: pathOptions(column) });
  }
  for (const relation of model.relations) {
    if (relation.kind === 'many-to-one') {
      const required = relation.column!.nullable ? '' : ', required: true';
      paths.push({ key: relation.field, definition: `{ type: Schema.Types.ObjectId, ref: '${relation.model}'${required} }` });
      if (!names.has(relation.model) && relation.model !== model.name)
        notes.push(`${relation.field}: refers to a ${relation.model} model the project does not define yet`);
    } else if (relation.kind === 'many-to-many') {
      paths.push({ key: relation.field, definition: `[{ type: Schema.Types.ObjectId, ref: '${relation.model}' }]` });
      if (!names.has(relation.model) && relation.model !== model.name)
        notes.push(`${relation.field}: refers to a ${relation.model} model the project does not define yet`);
    } else {
      notes.push(
        `${relation.field}: a one-to-many relation is stored on ${relation.model} (its ObjectId ref to ${model.name}); populate it with a virtual`,
      );
    }
  }
  const content = (
    await renderTemplate(ctx, 'db-schema', 'mongoose-model.eta', {
      model,
      typescript,
      esm: typescript || ctx.project.moduleSystem === 'esm',
      schemaVariable: `${camelCase(model.name)}Schema`,
      paths,
    })
  ).text;
  return { path, content, notes };
}
