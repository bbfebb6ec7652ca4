/**
 * The Drizzle target: a `pgTable` / `sqliteTable` appended to the project's Drizzle schema module
 * (from drizzle.config's `schema`, else the module importing drizzle-orm's pg-core/sqlite-core),
 * its named imports merged into the existing import; or a new src/db/schema.ts. Unique columns and
 * foreign keys get the same indexes, with the same names, as the SQL target and the migrations.
 */
import { AgentdError, type CapabilityContext } from '../../../core/index.js';
import { camelCase, renderTemplate } from '../kit/index.js';
import { spellingOf, type Column, type Dialect, type Model } from './model-spec.js';
import { indexName, uniqueIndexName } from './sql-ddl.js';

const CORE = { postgresql: 'drizzle-orm/pg-core', sqlite: 'drizzle-orm/sqlite-core' } as const;
const TABLE_FUNCTION = { postgresql: 'pgTable', sqlite: 'sqliteTable' } as const;

export interface DrizzleModule {
  path: string;
  content: string | null;
  dialect: Dialect | null;
}

/** The project's Drizzle schema module and its dialect, or where a new one goes. */
export async function findDrizzleModule(ctx: CapabilityContext): Promise<DrizzleModule> {
  const configs = await ctx.workspace.list({ include: ['drizzle.config.*'], extensions: ['.ts', '.js', '.mjs', '.cjs', '.mts'] });
  let configDialect: Dialect | null = null;
  for (const config of configs) {
    const text = await ctx.workspace.read(config);
    const dialect = /dialect\s*:\s*['"]([a-z]+)['"]/.exec(text)?.[1];
    if (dialect) configDialect = dialect === 'sqlite' || dialect === 'turso' ? 'sqlite' : dialect === 'postgresql' ? 'postgresql' : null;
    const schema = /schema\s*:\s*['"]([^'"*]+\.[cm]?ts)['"]/.exec(text)?.[1];
    if (schema) {
      const path = schema.replace(/^\.\//, '');
      if (await ctx.workspace.exists(path)) {
        const content = await ctx.workspace.read(path);
        return { path, content, dialect: dialectOf(content) ?? configDialect };
      }
      return { path, content: null, dialect: configDialect };
    }
  }
  const sources = await ctx.workspace.list({
    extensions: ['.ts', '.mts'],
    exclude: ['node_modules/**', 'dist/**', '**/*.test.ts', '**/*.d.ts'],
  });
  const { files } = await ctx.workspace.readMany(sources);
  const modules = files
    .filter((f) => dialectOf(f.content) !== null)
    .sort((a, b) => Number(/schema/.test(b.path)) - Number(/schema/.test(a.path)) || a.path.localeCompare(b.path));
  const found = modules[0];
  if (found) return { path: found.path, content: found.content, dialect: dialectOf(found.content) };
  return { path: 'src/db/schema.ts', content: null, dialect: configDialect };
}

function dialectOf(source: string): Dialect | null {
  if (/from\s+['"]drizzle-orm\/pg-core['"]/.test(source)) return 'postgresql';
  if (/from\s+['"]drizzle-orm\/sqlite-core['"]/.test(source)) return 'sqlite';
  return null;
}

/** Exported table variables of a Drizzle module: variable -> SQL table name. */
export function drizzleTables(source: string): Map<string, string> {
  return new Map(
    [...source.matchAll(/export\s+const\s+([A-Za-z_$][\w$]*)\s*=\s*(?:pgTable|sqliteTable)\(\s*['"]([^'"]+)['"]/g)].map((m) => [
      m[1]!,
      m[2]!,
    ]),
  );
}

interface Builder {
  expression: string;
  imports: string[];
  usesSql: boolean;
}

function literalOf(column: Column): string {
  const value = (column.default as { value: string | number | boolean }).value;
  if (column.type === 'bigint') return `${value}n`;
  if (column.type === 'decimal') return `'${String(value)}'`;
  return typeof value === 'string' ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : String(value);
}

function columnBuilder(column: Column, dialect: Dialect, variables: Map<string, string>): Builder {
  const spelling = spellingOf(column.type);
  const imports: string[] = [];
  let usesSql = false;
  let base: string;
  if (column.autoIncrement) {
    const fn = dialect === 'postgresql' ? (column.type === 'bigint' ? 'bigserial' : 'serial') : 'integer';
    base = fn === 'bigserial' ? `bigserial('${column.column}', { mode: 'number' })` : `${fn}('${column.column}')`;
    imports.push(fn);
  } else {
    const fn = dialect === 'postgresql' ? spelling.drizzlePg : spelling.drizzleSqlite;
    const options = dialect === 'postgresql' ? spelling.drizzlePgOptions : spelling.drizzleSqliteOptions;
    base = `${fn}('${column.column}'${options ? `, ${options}` : ''})`;
    imports.push(fn);
  }
  const chain = [base];
  if (column.primary) chain.push('primaryKey()');
  else if (!column.nullable) chain.push('notNull()');
  if (column.default?.kind === 'now') {
    if (dialect === 'postgresql') chain.push('defaultNow()');
    else {
      chain.push(column.type === 'datetime' ? 'default(sql`(unixepoch())`)' : 'default(sql`(CURRENT_DATE)`)');
      usesSql = true;
    }
  } else if (column.default) {
    chain.push(`default(${literalOf(column)})`);
  }
  if (column.references) {
    const target = [...variables].find(([, table]) => table === column.references!.table)?.[0];
    if (!target)
      throw new AgentdError(
        'invalid_input',
        `relations: the Drizzle schema has no ${column.references.table} table for ${column.field} to reference; generate ${column.references.model} first`,
      );
    chain.push(
      `references(() => ${target}.id, { onDelete: '${column.references.onDelete === 'set-null' ? 'set null' : column.references.onDelete}' })`,
    );
  }
  return { expression: chain.join('.'), imports, usesSql };
}

export interface DrizzleResult {
  path: string;
  content: string;
  created: boolean;
  dialect: Dialect;
  variable: string;
  notes: string[];
}

/** The module with the table appended (imports merged), or a new module. */
export async function drizzleSchemaFor(
  ctx: CapabilityContext,
  model: Model,
  found: DrizzleModule,
  dialect: Dialect,
): Promise<DrizzleResult> {
  const variables = found.content ? drizzleTables(found.content) : new Map<string, string>();
  const variable = camelCase(model.table);
  if (variables.has(variable) || [...variables.values()].includes(model.table)) {
    throw new AgentdError('invalid_input', `name: ${found.path} already declares the table ${model.table}`, {
      details: [{ path: '/name', message: `${model.table} exists` }],
    });
  }
  variables.set(variable, model.table);
  const imports = new Set<string>([TABLE_FUNCTION[dialect]]);
  let usesSql = false;
  const columns: Array<{ key: string; builder: string }> = [];
  const extras: string[] = [];
  for (const column of model.columns) {
    const builder = columnBuilder(column, dialect, variables);
    builder.imports.forEach((i) => imports.add(i));
    usesSql ||= builder.usesSql;
    columns.push({ key: column.field, builder: builder.expression });
    if (column.unique) {
      extras.push(`uniqueIndex('${uniqueIndexName(model.table, [column.column])}').on(table.${column.field})`);
      imports.add('uniqueIndex');
    } else if (column.references) {
      extras.push(`index('${indexName(model.table, [column.column])}').on(table.${column.field})`);
      imports.add('index');
    }
  }
  const notes: string[] = [];
  const tables = [
    (
      await renderTemplate(ctx, 'db-schema', 'drizzle-table.eta', {
        variable,
        tableFunction: TABLE_FUNCTION[dialect],
        table: model.table,
        columns,
        extras,
      })
    ).text,
  ];
  for (const relation of model.relations) {
    if (relation.kind === 'one-to-many')
      notes.push(
        `${relation.field}: the foreign key of a one-to-many relation lives on ${relation.table}; generate ${relation.model} with a many-to-one relation to ${model.name}`,
      );
    if (relation.kind !== 'many-to-many') continue;
    const join = relation.joinTable!;
    const side = (s: typeof join.left): { key: string; builder: string } => {
      const target = [...variables].find(([, table]) => table === s.table)?.[0];
      if (!target)
        throw new AgentdError(
          'invalid_input',
          `relations: the Drizzle schema has no ${s.table} table for the many-to-many relation ${relation.field}; generate ${relation.model} first`,
        );
      return {
        key: camelCase(s.column),
        builder: `integer('${s.column}').notNull().references(() => ${target}.id, { onDelete: 'cascade' })`,
      };
    };
    const left = side(join.left);
    const right = side(join.right);
    imports.add('integer').add('primaryKey').add('index');
    tables.push(
      (
        await renderTemplate(ctx, 'db-schema', 'drizzle-table.eta', {
          variable: camelCase(join.table),
          tableFunction: TABLE_FUNCTION[dialect],
          table: join.table,
          columns: [left, right],
          extras: [
            `primaryKey({ name: '${join.table}_pkey', columns: [table.${left.key}, table.${right.key}] })`,
            `index('${indexName(join.table, [join.right.column])}').on(table.${right.key})`,
          ],
        })
      ).text,
    );
  }
  const tableText = tables.join('\n');
  if (found.content === null) {
    const lines = [`import { ${[...imports].sort().join(', ')} } from '${CORE[dialect]}';`];
    if (usesSql) lines.unshift(`import { sql } from 'drizzle-orm';`);
    const content = (await renderTemplate(ctx, 'db-schema', 'drizzle-module.eta', { imports: lines, tables: tableText })).text;
    return { path: found.path, content, created: true, dialect, variable, notes };
  }
  let content = mergeNamedImport(found.content, CORE[dialect], [...imports]);
  if (usesSql) content = mergeNamedImport(content, 'drizzle-orm', ['sql']);
  content = `${content.replace(/\s*$/, '')}\n\n${tableText}`;
  return { path: found.path, content, created: false, dialect, variable, notes };
}

/** Adds `names` to the module's `import { … } from 'source'`, or a new import after the last one. */
export function mergeNamedImport(source: string, from: string, names: string[]): string {
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*(['"])${from.replace(/[/.-]/g, '\\$&')}\\2;?`);
  const match = pattern.exec(source);
  if (match) {
    const existing = match[1]!
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n.length > 0);
    const local = new Set(existing.map((n) => n.split(/\s+as\s+/).pop()!));
    const merged = [...existing, ...names.filter((n) => !local.has(n))].sort((a, b) => a.localeCompare(b));
    const quote = match[2]!;
    return source.replace(pattern, `import { ${merged.join(', ')} } from ${quote}${from}${quote};`);
  }
  const imports = [...source.matchAll(/^import[^;]*;?\s*$/gm)];
  const line = `import { ${[...names].sort().join(', ')} } from '${from}';`;
  if (imports.length === 0) return `${line}\n${source}`;
  const last = imports[imports.length - 1]!;
  const end = last.index + last[0].length;
  return `${source.slice(0, end)}\n${line}${source.slice(end)}`;
}
