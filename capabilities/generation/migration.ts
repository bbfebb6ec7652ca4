/**
 * generation.migration: up and down SQL migrations (PostgreSQL, SQLite) for a model change — create
 * or drop a table, add or drop columns, add an index or unique index, add a foreign key — written in
 * the project's migration layout (Prisma, Drizzle, Knex, TypeORM, Sequelize, plain NNN_name.up.sql/.down.sql)
 * under a deterministic name; a second migration of a name the folder already has is refused. The down restores the catalog the up found (proven on real PostgreSQL and
 * SQLite in the tests).
 */
import { AgentdError, type CapabilityContext, type CapabilityMeta, type StepResult } from '../../core/index.js';
import {
  pascalCase,
  kebabCase,
  describeStaged,
  onExistingSchema,
  renderTemplate,
  snakeCase,
  stageFiles,
  type GeneratedFile,
  type OnExisting,
} from './kit/index.js';
import { modelSchemaProperties, type Dialect } from './db-schema/model-spec.js';
import { dialectFromPackage, DIALECT_NAMES } from './db-schema/targets.js';
import { CHANGES, planChange, type ChangeInput, type PlannedChange } from './migration/changes.js';
import {
  baseNames,
  clockTimestamp,
  detectLayout,
  LAYOUTS,
  nextNumber,
  sameNamed,
  timestampOf,
  type Layout,
  type LayoutInfo,
} from './migration/layouts.js';
import { PLANNING } from './migration/planning.js';

export const meta: CapabilityMeta = {
  id: 'generation.migration',
  group: 'generation',
  title: 'Migration',
  description:
    "Writes up and down SQL migrations (PostgreSQL or SQLite) for a model change in the project's migration layout (Prisma, Drizzle, Knex, TypeORM, Sequelize, plain SQL files), named deterministically.",
  version: '1.2.0',
  writes: true,
  planning: PLANNING,
  inputSchema: {
    type: 'object',
    required: ['name'],
    additionalProperties: false,
    properties: {
      ...modelSchemaProperties,
      name: { type: 'string', minLength: 1, description: 'The model whose table changes ("User" -> table users).' },
      change: {
        type: 'string',
        enum: [...CHANGES],
        description:
          'create-table (default; fields and relations), drop-table (the table as it was, for the down), add-column / drop-column (fields), add-index (index), add-foreign-key (a many-to-one relation adds <field>_id, a many-to-many one a join table).',
      },
      index: {
        type: 'object',
        required: ['columns'],
        additionalProperties: false,
        description: 'add-index: the indexed fields.',
        properties: {
          columns: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1, description: 'Field or column names, in order.' },
          unique: { type: 'boolean', description: 'A unique index.' },
          name: { type: 'string', description: 'Index name (default <table>_<columns>_key / _idx).' },
        },
      },
      dialect: {
        type: 'string',
        enum: ['postgresql', 'sqlite'],
        description: "SQL dialect (default: the project's Prisma/Drizzle/Knex config or database driver, else postgresql).",
      },
      layout: {
        type: 'string',
        enum: [...LAYOUTS],
        description:
          "Migration layout (default: the project's: prisma/migrations, the Drizzle out folder, Knex migrations, the TypeORM DataSource's migrations folder, the .sequelizerc migrations-path, else plain migrations/NNN_name.up.sql).",
      },
      dir: { type: 'string', description: "Migrations folder (default: the layout's)." },
      migrationName: {
        type: 'string',
        description:
          'Name part of the migration (default from the change: create_users_table, add_age_to_users); a name the migrations folder already has is refused.',
      },
      timestamp: {
        type: 'string',
        description:
          'Timestamp of timestamped layouts (Prisma, Knex, TypeORM, Sequelize): 14 digits YYYYMMDDHHMMSS or an ISO date-time. Default: the number after the newest migration (deterministic).',
      },
      useClock: { type: 'boolean', description: 'Use the current time as the timestamp (not deterministic; default false).' },
      onExisting: onExistingSchema,
    },
  },
};

export interface MigrationInput extends ChangeInput {
  dialect?: Dialect;
  layout?: Layout;
  dir?: string;
  migrationName?: string;
  timestamp?: string;
  useClock?: boolean;
  onExisting?: OnExisting;
}

const DESCRIPTIONS: Record<PlannedChange['kind'], (p: PlannedChange) => string> = {
  'create-table': (p) => `create table ${p.model.table}`,
  'drop-table': (p) => `drop table ${p.model.table}`,
  'add-column': (p) => `add columns to ${p.model.table}`,
  'drop-column': (p) => `drop columns from ${p.model.table}`,
  'add-index': (p) => `add an index to ${p.model.table}`,
  'add-foreign-key': (p) => `add a foreign key to ${p.model.table}`,
};

export async function run(input: MigrationInput, ctx: CapabilityContext): Promise<StepResult> {
  const info = await detectLayout(ctx, input.layout, input.dir);
  const dialect = input.dialect ?? info.dialect ?? (await dialectFromPackage(ctx)) ?? 'postgresql';
  const planned = planChange(input, dialect);
  const name = snakeCase(input.migrationName ?? planned.defaultName) || planned.defaultName;
  const description = `${DESCRIPTIONS[planned.kind](planned)}`;
  const files = await migrationFiles(ctx, info, planned, {
    name,
    dialect,
    description,
    timestamp: input.timestamp,
    useClock: input.useClock === true,
  });
  refuseSecondOfName(info, name, files);
  // Drizzle's journal is the project's file that lists migrations: adding an entry is a reviewed diff.
  const staged = [
    ...(await stageFiles(
      ctx,
      files.filter((f) => !isJournal(f)),
      input.onExisting ?? 'refuse',
    )),
    ...(await stageFiles(ctx, files.filter(isJournal), 'propose')),
  ];
  const notes = [...planned.notes];
  if (info.layout === 'drizzle')
    notes.push(
      'drizzle-kit keeps schema snapshots in meta/; this hand-written migration has none, so the next drizzle-kit generate diffs from the previous snapshot',
    );
  if (info.layout === 'prisma')
    notes.push('Prisma applies migration.sql; down.sql is for `prisma db execute --file` (Prisma has no down migrations)');
  const summary = `Migration ${name} (${description}, ${DIALECT_NAMES[dialect]}, ${info.layout} layout in ${info.dir}): ${describeStaged(staged)}; ${planned.statements.up.length} up and ${planned.statements.down.length} down statement${planned.statements.down.length === 1 ? '' : 's'}, not applied to a database here.`;
  return {
    summary: notes.length > 0 ? `${summary} ${notes.join('; ')}.` : summary,
    data: {
      layout: info.layout,
      dir: info.dir,
      dialect,
      change: planned.kind,
      table: planned.model.table,
      name,
      up: planned.statements.up,
      down: planned.statements.down,
      files: staged,
      notes,
    },
  };
}

/**
 * A migration of the same name under another number or timestamp (002_x when 003_x would be
 * written) is refused: two migrations of one name make the history ambiguous. The same file again
 * (the same number and name) is left to onExisting.
 */
function refuseSecondOfName(info: LayoutInfo, name: string, files: GeneratedFile[]): void {
  const clash = sameNamed(baseNames(info.existing, info.dir), name);
  if (!clash || files.some((f) => !isJournal(f) && info.existing.includes(f.path))) return;
  throw new AgentdError(
    'invalid_input',
    `migrationName: ${info.dir}/${clash} already has the name ${name}; a second migration of the same name is refused (give migrationName another name)`,
    { details: [{ path: '/migrationName', message: `${name} exists` }] },
  );
}

const isJournal = (f: GeneratedFile): boolean => f.path.endsWith('/meta/_journal.json');

interface Naming {
  name: string;
  dialect: Dialect;
  description: string;
  timestamp?: string;
  useClock: boolean;
}

async function migrationFiles(ctx: CapabilityContext, info: LayoutInfo, planned: PlannedChange, naming: Naming): Promise<GeneratedFile[]> {
  const { up, down } = planned.statements;
  const existingNames = baseNames(info.existing, info.dir);
  const stamp = (): string =>
    naming.timestamp ? timestampOf(naming.timestamp) : naming.useClock ? clockTimestamp() : nextNumber(existingNames, 14);
  const sql = async (direction: 'up' | 'down', statements: string[], separator = '\n\n'): Promise<string> =>
    (
      await renderTemplate(ctx, 'migration', 'sql-migration.eta', {
        direction: direction === 'up' ? 'Up' : 'Down (reverts)',
        description: naming.description,
        dialectName: DIALECT_NAMES[naming.dialect],
        notes: direction === 'up' ? planned.notes : [],
        statements,
        separator,
      })
    ).text;
  if (info.layout === 'prisma') {
    const folder = `${info.dir}/${stamp()}_${naming.name}`;
    return [
      { path: `${folder}/migration.sql`, content: await sql('up', up) },
      { path: `${folder}/down.sql`, content: await sql('down', down) },
    ];
  }
  if (info.layout === 'drizzle') {
    const sqlNames = existingNames.filter((n) => /^\d+_.*\.sql$/.test(n) && !n.endsWith('.down.sql'));
    const number = nextNumber(sqlNames, 4);
    const tag = `${number}_${naming.name}`;
    const breakpoint = '\n--> statement-breakpoint\n';
    const files = [
      { path: `${info.dir}/${tag}.sql`, content: await sql('up', up, breakpoint) },
      { path: `${info.dir}/${tag}.down.sql`, content: await sql('down', down, breakpoint) },
    ];
    const journal = await journalWith(ctx, info, tag, naming);
    if (journal) files.push(journal);
    return files;
  }
  if (info.layout === 'knex') {
    const ext = info.language === 'ts' ? 'ts' : info.language === 'esm' && ctx.project.moduleSystem !== 'esm' ? 'mjs' : 'js';
    const content = (
      await renderTemplate(ctx, 'migration', 'knex-migration.eta', {
        language: info.language,
        description: naming.description,
        dialectName: DIALECT_NAMES[naming.dialect],
        up,
        down,
      })
    ).text;
    return [{ path: `${info.dir}/${stamp()}_${naming.name}.${ext}`, content }];
  }
  if (info.layout === 'typeorm') {
    // TypeORM: <13-digit ms>-<Name>.ts holding class <Name><13-digit ms> (what `typeorm migration:create` writes).
    const ms = naming.timestamp
      ? String(Date.parse(timestampOf(naming.timestamp).replace(/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3T$4:$5:$6Z')))
      : naming.useClock
        ? String(Date.now())
        : nextNumber(
            existingNames.map((n) => n.replace(/^(\d+)-/, '$1_')),
            13,
          );
    const className = `${pascalCase(naming.name)}${ms}`;
    const ext = info.language === 'ts' ? 'ts' : info.language === 'esm' && ctx.project.moduleSystem !== 'esm' ? 'mjs' : 'js';
    const content = (
      await renderTemplate(ctx, 'migration', 'typeorm-migration.eta', {
        language: info.language,
        className,
        description: naming.description,
        dialectName: DIALECT_NAMES[naming.dialect],
        up,
        down,
      })
    ).text;
    return [{ path: `${info.dir}/${ms}-${pascalCase(naming.name)}.${ext}`, content }];
  }
  if (info.layout === 'sequelize') {
    // sequelize-cli: <14 digits>-<kebab-name>.js exporting { up(queryInterface), down(queryInterface) }.
    const time = naming.timestamp
      ? timestampOf(naming.timestamp)
      : naming.useClock
        ? clockTimestamp()
        : nextNumber(
            existingNames.map((n) => n.replace(/^(\d+)-/, '$1_')),
            14,
          );
    const content = (
      await renderTemplate(ctx, 'migration', 'sequelize-migration.eta', {
        language: info.language,
        description: naming.description,
        dialectName: DIALECT_NAMES[naming.dialect],
        up,
        down,
      })
    ).text;
    return [{ path: `${info.dir}/${time}-${kebabCase(naming.name)}.${info.extension ?? 'js'}`, content }];
  }
  const numbers = existingNames.filter((n) => /^\d+_.*\.(up|down)\.sql$/.test(n));
  const width = numbers.length > 0 ? /^(\d+)_/.exec(numbers[0]!)![1]!.length : 3;
  const base = `${info.dir}/${nextNumber(numbers, width)}_${naming.name}`;
  return [
    { path: `${base}.up.sql`, content: await sql('up', up) },
    { path: `${base}.down.sql`, content: await sql('down', down) },
  ];
}

interface Journal {
  version: string;
  dialect: string;
  entries: Array<{ idx: number; version: string; when: number; tag: string; breakpoints: boolean }>;
}

/** Drizzle's meta/_journal.json with the new entry, when the project has a journal. */
async function journalWith(ctx: CapabilityContext, info: LayoutInfo, tag: string, naming: Naming): Promise<GeneratedFile | null> {
  const path = `${info.dir}/meta/_journal.json`;
  if (!(await ctx.workspace.exists(path))) return null;
  const text = await ctx.workspace.read(path);
  const journal = JSON.parse(text) as Journal;
  const last = journal.entries[journal.entries.length - 1];
  const stampMs = naming.timestamp
    ? Date.parse(timestampOf(naming.timestamp).replace(/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3T$4:$5:$6Z'))
    : naming.useClock
      ? Date.now()
      : (last?.when ?? 0) + 1000;
  journal.entries.push({
    idx: (last?.idx ?? -1) + 1,
    version: last?.version ?? (naming.dialect === 'sqlite' ? '6' : '7'),
    when: stampMs,
    tag,
    breakpoints: true,
  });
  // drizzle-kit's file, in drizzle-kit's layout (its own indentation kept), so the diff is the new entry only.
  const indent = /^\t/m.test(text) ? '\t' : (/^( +)"/m.exec(text)?.[1] ?? '  ');
  return { path, content: `${JSON.stringify(journal, null, indent)}${text.endsWith('\n') ? '\n' : ''}`, verbatim: true };
}
