/**
 * documentation.api with format openapi: the OpenAPI 3.1 document of a project's REST routes, valid
 * against the official schema, with exactly the fixture's real routes (fixtures/documentation/rest-api,
 * routes.json written by hand), and on agentd's own daemon compared with what its /openapi.json lists.
 */
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ROUTE_TABLE } from '../../../daemon/http/route-table.js';
import { buildOpenApi } from '../../../daemon/http/openapi.js';
import { removeSample, writeSample } from '../../../core/tester/index.js';
import { testerOf } from '../support/sample-runs.js';
import { copyFixture, repo, type DocWorkspace } from './doc-workspace.js';
import { operationsOf, validateOpenApi31 } from './openapi-validator.js';

type Operation = {
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { required: boolean; content: { 'application/json': { schema: Record<string, unknown> } } };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
  'x-agentd-source': string;
};
type Document = { openapi: string; info: { title: string; version: string }; paths: Record<string, Record<string, Operation>> };

describe('capabilities/documentation/api format openapi', function () {
  this.timeout(120_000);
  let ws: DocWorkspace;
  beforeEach(async () => {
    ws = await copyFixture('documentation/rest-api');
  });
  afterEach(() => ws.dispose());

  it("documents exactly the fixture's real routes (Express and Fastify) as valid OpenAPI 3.1", async () => {
    const { result, changes } = await ws.apply('documentation.api', { format: 'openapi' });
    expect(changes.map((c) => c.path)).to.deep.equal(['openapi.json']);
    const document = JSON.parse(await ws.read('openapi.json')) as Document;
    const check = validateOpenApi31(document);
    expect(check.valid, check.errors).to.equal(true);
    const truth = JSON.parse(await readFile(path.join(repo, 'fixtures/documentation/rest-api/routes.json'), 'utf8')) as {
      operations: string[];
    };
    expect(operationsOf(document)).to.deep.equal([...truth.operations].sort());
    expect(result.summary).to.match(/^Wrote openapi\.json: OpenAPI 3\.1 with 10 operation\(s\) on 7 path\(s\)/);
    expect(document.info).to.deep.equal({
      title: 'rest-api-fixture',
      version: '1.2.0',
      description: "A bookshop API served by Express and a notes API served by Fastify (documentation.api's OpenAPI fixture).",
    });
  });

  it('reads parameters, bodies and answers from the validation code and the handlers', async () => {
    await ws.apply('documentation.api', { format: 'openapi' });
    const { paths } = JSON.parse(await ws.read('openapi.json')) as Document;
    // Express: zod body, status codes set by the handler, query names read, path parameter.
    const postBook = paths['/books']!.post!;
    expect(postBook.requestBody).to.deep.equal({
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: {
              title: { type: 'string', minLength: 1, maxLength: 200 },
              year: { type: 'integer' },
              format: { enum: ['paperback', 'hardcover', 'ebook'] },
              tags: { type: 'array', items: { type: 'string' } },
            },
            required: ['title', 'format'],
          },
        },
      },
    });
    expect(Object.keys(postBook.responses)).to.deep.equal(['201', '400']);
    expect(postBook['x-agentd-source']).to.equal('src/books.js:22');
    expect(paths['/books']!.get!.parameters!.map((p) => `${p.in}:${p.name}:${p.required}`)).to.deep.equal([
      'query:q:false',
      'query:limit:false',
    ]);
    expect(Object.keys(paths['/books/{id}']!.get!.responses)).to.deep.equal(['200', '404']);
    expect(paths['/books/{id}']!.get!.parameters).to.deep.equal([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
    // A typeof check types the field; a read alone would not.
    expect(paths['/books/{id}/stock']!.put!.requestBody!.content['application/json'].schema).to.deep.equal({
      type: 'object',
      properties: { count: { type: 'number' } },
      required: ['count'],
    });
    expect(Object.keys(paths['/books/{id}/stock']!.delete!.responses)).to.deep.equal(['204']);
    // Answers typed from the literals the handlers write (no schema or type in the source says more).
    const error = { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] };
    expect(paths['/books/{id}']!.get!.responses['404']!.content!['application/json']!.schema).to.deep.equal(error);
    expect(paths['/books/{id}/stock']!.put!.responses['200']!.content!['application/json']!.schema).to.deep.equal({
      type: 'object',
      properties: { id: { type: 'number' }, count: {} },
      required: ['id', 'count'],
    });
    // `res.json(found.slice(…))`: computed, its shape is not stated.
    expect(paths['/books']!.get!.responses['200']!.content!['application/json']!.schema).to.deep.equal({});
    // Fastify: the schema's querystring, params, body and response as written.
    const listNotes = paths['/notes']!.get!;
    expect(listNotes.parameters).to.deep.equal([
      { name: 'tag', in: 'query', required: false, schema: { type: 'string' } },
      { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
    ]);
    expect(listNotes.responses['200']!.content!['application/json']!.schema).to.have.nested.property('items.required');
    expect(paths['/notes']!.post!.responses['201']!.content).to.have.property('application/json');
    expect(paths['/notes']!.post!.requestBody!.content['application/json'].schema).to.have.deep.property('required', ['text']);
    expect(paths['/notes/{id}']!.delete!.parameters).to.deep.equal([
      { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
    ]);
    expect(Object.keys(paths['/notes/{id}']!.delete!.responses)).to.deep.equal(['204', '404']);
    expect(paths['/notes/{id}']!.delete!.responses['404']!.content!['application/json']!.schema).to.deep.equal(error);
  });

  it('stages nothing on a re-run of an unchanged project, and honours include', async () => {
    await ws.apply('documentation.api', { format: 'openapi' });
    const again = await ws.apply('documentation.api', { format: 'openapi' });
    expect(again.changes).to.deep.equal([]);
    expect(again.result.summary).to.match(/^Unchanged openapi\.json/);
    const only = await ws.apply('documentation.api', { format: 'openapi', include: ['src/notes.js'], out: 'docs/notes.json' });
    expect(operationsOf(JSON.parse(await ws.read('docs/notes.json')) as Document)).to.deep.equal([
      'DELETE /notes/{id}',
      'GET /notes',
      'POST /notes',
    ]);
    expect(only.changes.map((c) => c.path)).to.deep.equal(['docs/notes.json']);
  });

  it('refuses a project without routes, and options that belong to the Markdown reference', async () => {
    const refused = await ws.refusal('documentation.api', { format: 'openapi', entryPoints: ['src/books.js'] });
    expect(refused.code).to.equal('invalid_input');
    const empty = await copyFixture('documentation/toolkit');
    try {
      const none = await empty.refusal('documentation.api', { format: 'openapi' });
      expect(none.code).to.equal('documentation_refused');
      expect(none.message).to.match(/No HTTP route found in \d+ JavaScript\/TypeScript module/);
    } finally {
      await empty.dispose();
    }
  });

  it("agentd's own daemon: exactly the operations its /openapi.json lists, as valid OpenAPI 3.1", async () => {
    const root = await writeSample({ files: { 'package.json': '{"name":"agentd-daemon","version":"0.0.0"}' } });
    try {
      const { cp } = await import('node:fs/promises');
      await cp(path.join(repo, 'daemon'), path.join(root, 'daemon'), { recursive: true });
      const outcome = await testerOf('documentation.api').runInFolder(root, {
        input: { format: 'openapi' },
        apply: true,
        maxToolCalls: 1000,
      });
      expect(outcome.error, JSON.stringify(outcome.error)).to.equal(undefined);
      const document = JSON.parse(await readFile(path.join(root, 'openapi.json'), 'utf8')) as Document;
      const check = validateOpenApi31(document);
      expect(check.valid, check.errors).to.equal(true);
      const ours = operationsOf(document);
      const published = operationsOf(buildOpenApi('0.0.0', ROUTE_TABLE) as Document);
      const missed = published.filter((o) => !ours.includes(o));
      const extra = ours.filter((o) => !published.includes(o));
      // Every one, those made by a helper called with the path's last word included (pagedRoute('findings', …),
      // changeTextRoute('before', …) in daemon/http/routes/job-result-routes.ts).
      expect(missed).to.deep.equal([]);
      expect(extra).to.deep.equal([]);
      expect(ours).to.deep.equal(published);
      expect(ours.length).to.equal(ROUTE_TABLE.length);
    } finally {
      await removeSample(root);
    }
  });
});
