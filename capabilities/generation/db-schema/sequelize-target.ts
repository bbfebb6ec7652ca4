/**
 * The Sequelize target: a model in the project's models folder (.sequelizerc's models-path, else
 * where its models are, else models/), in the style sequelize-cli's `model:generate` writes and its
 * models/index.js loads — a module exporting `(sequelize, DataTypes) => Model` whose class calls
 * `init` with each attribute's column name (`field`), type, nullability, uniqueness, default and
 * foreign-key `references`, and whose static `associate(models)` declares belongsTo/belongsToMany
 * for the models the project has. TypeScript projects get the typed form instead (a class with
 * `declare`d attributes from InferAttributes and an `init<Model>(sequelize)` function).
 */
import { AgentdError, type CapabilityContext } from '../../../core/index.js';
import { camelCase, kebabCase, renderTemplate } from '../kit/index.js';
import { spellingOf, type Column, type Dialect, type FieldType, type Model } from './model-spec.js';

export interface SequelizeResult {
  path: string;
  content: string;
  notes: string[];
}

const DATA_TYPES: Record<FieldType, string> = {
  string: 'TEXT',
  text: 'TEXT',
  int: 'INTEGER',
  bigint: 'BIGINT',
  float: 'DOUBLE',
  decimal: 'DECIMAL(65, 30)',
  boolean: 'BOOLEAN',
  datetime: 'DATE(3)',
  date: 'DATEONLY',
  json: 'JSON',
  uuid: 'UUID',
};

const ON_DELETE = { cascade: 'CASCADE', 'set-null': 'SET NULL', restrict: 'RESTRICT' } as const;

/** The models folder and the models the project defines (modelName: 'X' or class X extends Model). */
async function projectModels(ctx: CapabilityContext): Promise<{ dir: string; names: Map<string, string>; kebab: boolean }> {
  const rc = (await ctx.workspace.exists('.sequelizerc')) ? await ctx.workspace.read('.sequelizerc') : '';
  const declared = /['"]models-path['"]\s*:\s*path\.(?:resolve|join)\(([^)]*)\)/.exec(rc)?.[1];
  const declaredDir = declared
    ? [...declared.matchAll(/['"]([^'"]*)['"]/g)]
        .map((m) => m[1]!.replace(/^\.\/?/, '').replace(/\/$/, ''))
        .filter(Boolean)
        .join('/')
    : undefined;
  const files = await ctx.workspace.list({
    extensions: ['.ts', '.js', '.cjs', '.mjs', '.mts'],
    exclude: ['node_modules/**', 'dist/**', '**/*.d.ts'],
  });
  const names = new Map<string, string>();
  let found: string | undefined;
  for (const file of files.sort()) {
    const text = await ctx.workspace.read(file);
    if (!/from ['"]sequelize['"]|require\(['"]sequelize['"]\)/.test(text)) continue;
    const name =
      /modelName\s*:\s*['"]([A-Za-z_$][\w$]*)['"]/.exec(text)?.[1] ?? /class\s+([A-Za-z_$][\w$]*)\s+extends\s+Model\b/.exec(text)?.[1];
    if (!name) continue;
    names.set(name, file);
    found ??= file.slice(0, Math.max(0, file.lastIndexOf('/')));
  }
  const dir = declaredDir ?? (found || 'models');
  // sequelize-cli names model files in kebab-case lower case (user.js); keep PascalCase when the project does.
  const kebab = [...names.values()].every((f) => /\/[a-z0-9-]+\.[cm]?[jt]s$/.test(`/${f}`));
  return { dir, names, kebab };
}

function literal(value: string | number | boolean): string {
  return typeof value === 'string' ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : String(value);
}

function attribute(column: Column, dialect: Dialect): string {
  const type = column.type === 'json' && dialect === 'postgresql' ? 'JSONB' : DATA_TYPES[column.type];
  const options = [`type: DataTypes.${type}`];
  if (column.primary) options.push('primaryKey: true');
  if (column.autoIncrement) options.push('autoIncrement: true');
  if (!column.primary) options.push(`allowNull: ${column.nullable}`);
  if (column.unique) options.push('unique: true');
  if (column.default?.kind === 'now') options.push('defaultValue: DataTypes.NOW');
  else if (column.default) options.push(`defaultValue: ${literal(column.default.value)}`);
  if (column.field !== column.column) options.push(`field: '${column.column}'`);
  if (column.references)
    options.push(
      `references: { model: '${column.references.table}', key: '${column.references.column}' }`,
      `onDelete: '${ON_DELETE[column.references.onDelete]}'`,
    );
  return `{ ${options.join(', ')} }`;
}

/** The attribute's TypeScript type as Sequelize hands it back (bigint and decimal as strings). */
function tsType(column: Column): string {
  const base = column.type === 'bigint' || column.type === 'decimal' ? 'string' : spellingOf(column.type).ts;
  const type = column.nullable ? `${base} | null` : base;
  return column.autoIncrement || column.default || column.nullable ? `CreationOptional<${type}>` : type;
}

export async function sequelizeModelFor(
  ctx: CapabilityContext,
  model: Model,
  dialect: Dialect,
  requested?: string,
): Promise<SequelizeResult> {
  const { dir, names, kebab } = await projectModels(ctx);
  const existing = names.get(model.name);
  if (existing)
    throw new AgentdError('invalid_input', `name: the Sequelize model ${model.name} exists (${existing})`, {
      details: [{ path: '/name', message: `${model.name} exists` }],
    });
  const language = ctx.project.language === 'typescript' ? 'ts' : ctx.project.moduleSystem === 'esm' ? 'esm' : 'cjs';
  const path = requested ?? `${dir}/${kebab ? kebabCase(model.name) : model.name}.${language === 'ts' ? 'ts' : 'js'}`;
  const notes: string[] = [];
  const attributes: Array<{ key: string; definition: string; type: string }> = model.columns.map((column) => ({
    key: column.field,
    definition: attribute(column, dialect),
    type: tsType(column),
  }));
  const associations: string[] = [];
  const known = (name: string): boolean => name === model.name || names.has(name);
  for (const relation of model.relations) {
    if (relation.kind === 'many-to-one') {
      const column = relation.column!;
      if (!known(relation.model)) {
        notes.push(`${relation.field}: no ${relation.model} model in the project; wrote the ${column.column} key without belongsTo`);
        continue;
      }
      associations.push(`this.belongsTo(models.${relation.model}, { as: '${relation.field}', foreignKey: '${column.field}' });`);
    } else if (relation.kind === 'many-to-many') {
      const join = relation.joinTable!;
      if (!known(relation.model)) {
        notes.push(`${relation.field}: no ${relation.model} model in the project; the belongsToMany through ${join.table} is left out`);
        continue;
      }
      associations.push(
        `this.belongsToMany(models.${relation.model}, { as: '${relation.field}', through: '${join.table}', foreignKey: '${join.left.column}', otherKey: '${join.right.column}', timestamps: false });`,
      );
    } else {
      notes.push(
        `${relation.field}: a one-to-many relation's key lives on ${relation.table}; add its belongsTo there, then ${model.name}.hasMany(models.${relation.model}) here`,
      );
    }
  }
  const content = (
    await renderTemplate(ctx, 'db-schema', 'sequelize-model.eta', {
      model,
      language,
      attributes,
      associations,
      initName: `init${model.name}`,
      variable: camelCase(model.name),
    })
  ).text;
  return { path, content, notes };
}
