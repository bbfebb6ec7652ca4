/** The parts crud-resource adds to a service and routes: the table's SQL and the integration tests. */
import type { CapabilityContext } from '../../../core/index.js';
import { renderTemplate, withArticle } from '../kit/index.js';
import { FIELD_TYPES } from '../service/field-types.js';
import { importPath, join, type HttpFramework, type ProjectStack } from '../service/project-stack.js';
import type { RenderedFiles } from '../service/render-service.js';
import { defaultSql, sampleValue, type FieldModel, type ResourceModel } from '../service/resource-model.js';

/** `migrations/NNN_create_<table>.sql` after the project's numbered migrations, else `db/<table>.sql`. */
export function tableFilePath(model: ResourceModel, stack: ProjectStack): string {
  const numbered = stack.files.map((f) => f.match(/^migrations\/(\d+)_[^/]*\.sql$/)).filter((m): m is RegExpMatchArray => m !== null);
  if (numbered.length === 0) return join('db', `${model.table}.sql`);
  const width = Math.max(...numbered.map((m) => m[1]!.length));
  const next = Math.max(...numbered.map((m) => Number(m[1]))) + 1;
  return `migrations/${String(next).padStart(width, '0')}_create_${model.table}.sql`;
}

export function columnSql(field: FieldModel, stack: ProjectStack): string {
  const parts = [`"${field.column}"`, FIELD_TYPES[field.type].sql[stack.dialect]];
  if (field.required) parts.push('NOT NULL');
  if (field.unique) parts.push('UNIQUE');
  const fallback = defaultSql(field, stack.dialect);
  if (fallback !== null) parts.push(`DEFAULT ${fallback}`);
  if (stack.dialect === 'sqlite' && field.type === 'boolean') parts.push(`CHECK ("${field.column}" IN (0, 1))`);
  if (stack.dialect === 'sqlite' && field.type === 'string') parts.push(`CHECK (length("${field.column}") <= 255)`);
  return parts.join(' ');
}

export function testFilePath(model: ResourceModel, stack: ProjectStack): string {
  return join(stack.dirs.tests, `${model.pluralKebab}-api.${stack.testSuffix}.ts`);
}

const literal = (value: unknown): string => JSON.stringify(value);

function sampleObject(model: ResourceModel, index: number, without?: string): string {
  const entries = model.fields.filter((f) => f.name !== without).map((f) => `${f.name}: ${literal(sampleValue(f, index))}`);
  return `{ ${entries.join(', ')} }`;
}

/** The values the integration tests of every stack use: samples, a body missing a required field, a wrong type, an update, the unique field. */
export function integrationTestData(model: ResourceModel) {
  const first = model.fields[0]!;
  const required = model.fields.find((f) => !f.optionalOnCreate);
  const unique = model.fields.find((f) => f.unique);
  return {
    /** "an invoice", "a user": the label with its article, for test titles. */
    aLabel: withArticle(model.label),
    samples: [0, 1, 2, 3].map((i) => sampleObject(model, i)),
    missing: required ? { field: required.name, body: sampleObject(model, 1, required.name) } : null,
    invalid: { field: first.name, value: literal(FIELD_TYPES[first.type].invalid) },
    update: { field: first.name, value: literal(sampleValue(first, 1)) },
    unique: unique ? { field: unique.name } : null,
  };
}

/** The table's SQL file, where the project keeps its SQL. */
export async function renderTable(
  ctx: CapabilityContext,
  model: ResourceModel,
  stack: ProjectStack,
): Promise<RenderedFiles & { tableFile: string }> {
  const tableFile = tableFilePath(model, stack);
  const table = await renderTemplate(ctx, 'crud-resource', `table-${stack.dialect}.eta`, {
    m: model,
    columns: model.fields.map((f) => columnSql(f, stack)),
  });
  return { files: [{ path: tableFile, content: table.text }], notes: table.note ? [table.note] : [], tableFile };
}

export async function renderCrudParts(
  ctx: CapabilityContext,
  model: ResourceModel,
  stack: ProjectStack,
  framework: HttpFramework,
  basePath: string,
  paths: { routes: string; service: string },
): Promise<RenderedFiles & { tableFile: string; testFile: string | null }> {
  const { files, notes, tableFile } = await renderTable(ctx, model, stack);
  if (stack.testRunner !== 'mocha' && stack.testRunner !== 'node:test') return { files, notes, tableFile, testFile: null };
  const testFile = testFilePath(model, stack);
  const test = await renderTemplate(ctx, 'crud-resource', 'integration-test.eta', {
    m: model,
    framework,
    driver: stack.driver,
    runner: stack.testRunner,
    basePath,
    schemaFile: tableFile,
    routesName: framework === 'express' ? `${model.camel}Router` : `${model.camel}Routes`,
    imports: {
      routes: importPath(testFile, paths.routes, stack.importExtension),
      service: importPath(testFile, paths.service, stack.importExtension),
    },
    ...integrationTestData(model),
  });
  files.push({ path: testFile, content: test.text });
  if (test.note) notes.push(test.note);
  return { files, notes, tableFile, testFile };
}
