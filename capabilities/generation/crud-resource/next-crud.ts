/**
 * crud-resource on a Next.js app-router project: the table's SQL, the service in lib/ (or where the
 * project keeps its services), the shared input checks and error envelope, the route handlers
 * `app/<basePath>/route.ts` (GET list, POST create) and `[id]/route.ts` (GET, PATCH, DELETE) with
 * the service instance they share, and a Vitest integration test that imports the route modules and
 * calls their exports with web Requests against the real PostgreSQL. Nothing to mount: the app router
 * serves the folder.
 */
import type { CapabilityContext, StepResult } from '../../../core/index.js';
import { describeStaged, renderTemplate } from '../kit/index.js';
import { nextMajor } from '../api-route/next-handlers.js';
import { renderNextResource } from '../api-route/next-resource.js';
import { routeList, ROUTE_METHODS, describeValidation, sharedRouteFiles } from '../api-route/render-routes.js';
import { refuseCollision } from '../service/collisions.js';
import { describeAssumed, fieldsFor } from '../service/default-fields.js';
import { importPath, type ProjectStack } from '../service/project-stack.js';
import { resourceModel } from '../service/resource-model.js';
import { servicePaths } from '../service/render-service.js';
import { stageGenerated } from '../service/stage-generated.js';
import type { CrudResourceInput } from '../crud-resource.js';
import { integrationTestData, renderTable, testFilePath } from './render-crud.js';

export async function runNextCrud(input: CrudResourceInput, ctx: CapabilityContext, stack: ProjectStack): Promise<StepResult> {
  const chosen = fieldsFor(input.resource, input.fields);
  const model = resourceModel(input.resource, chosen.fields, input.table);
  const basePath = input.basePath ?? `/api/${model.pluralKebab}`;
  await refuseCollision(ctx, `${model.pascal}Service`, [servicePaths(model, stack).service], input.onExisting);
  const table = await renderTable(ctx, model, stack);
  const resource = await renderNextResource(ctx, model, stack, ROUTE_METHODS, basePath, true);
  const { handlers, service: svc, support } = resource;
  const files = [...table.files, ...resource.files];
  const notes = [...table.notes, ...resource.notes];
  let testFile: string | null = null;
  if (stack.testRunner === 'vitest') {
    testFile = testFilePath(model, stack);
    const ext = stack.importExtension;
    const major = await nextMajor(ctx);
    const test = await renderTemplate(ctx, 'crud-resource', 'next-integration-test.eta', {
      m: model,
      basePath,
      schemaFile: table.tableFile,
      asyncParams: major === null || major >= 15,
      imports: {
        collection: importPath(testFile, handlers.collection, ext),
        item: importPath(testFile, handlers.item, ext),
        service: importPath(testFile, svc.service, ext),
        collectionFile: handlers.collection,
        itemFile: handlers.item,
      },
      ...integrationTestData(model),
    });
    files.push({ path: testFile, content: test.text });
    if (test.note) notes.push(test.note);
  }
  const { staged, kept } = await stageGenerated(ctx, files, [svc.serviceErrors, ...sharedRouteFiles(support)], input.onExisting);
  const routes = routeList(ROUTE_METHODS, basePath).map((r) => ({ ...r, path: r.path.replace('/:id', '/[id]') }));
  const testNote = testFile
    ? `Integration tests in ${testFile} (vitest; they call the route handlers with web Requests, need PostgreSQL at DATABASE_URL and create and drop a schema of their own, applying ${table.tableFile} themselves).`
    : `No integration tests: the project's test runner (${stack.testRunner}) is not the one these generators write Next.js tests for (vitest).`;
  return {
    summary: [
      `generation.crud-resource: ${describeStaged(staged)} for ${model.pluralCamel} — table ${model.table} (${table.tableFile}, ${stack.dialect}), ${svc.service}, Next.js route handlers ${routes.map((r) => `${r.verb} ${r.path}`).join(', ')} in ${handlers.collection} and ${handlers.item}, on a pg Pool from DATABASE_URL in ${handlers.instance}.`,
      testNote,
      describeAssumed(chosen),
      describeValidation(stack.validation),
      'Nothing to mount: the app router serves the route.ts files.',
      kept.length > 0 ? `Kept the project's ${kept.join(', ')} as they are.` : '',
      ...notes.map((note) => (note.endsWith('.') ? note : `${note}.`)),
      `Not checked here: compile, lint and the generated tests run when you verify the project (apply ${table.tableFile} to your database first).`,
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
      driver: stack.driver,
      table: model.table,
      routes,
      files: {
        table: table.tableFile,
        test: testFile,
        ...svc,
        ...support,
        routes: handlers.collection,
        item: handlers.item,
        instance: handlers.instance,
      },
      mount: { mounted: false, appFile: null, statement: null, note: 'the app router serves route.ts files' },
      notes,
      checked: [],
    },
  };
}
