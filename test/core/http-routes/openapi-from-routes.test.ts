/**
 * core/http-routes on small projects written here: TypeScript imports of `./x.js` resolving to `.ts`,
 * Express path syntax turned into OpenAPI's (regex and optional parameters), route objects with a
 * template path, duplicates, and a router no app mounts — each as the OpenAPI document shows it.
 */
import { expect } from 'chai';
import { createLocalContext } from '../../../core/context/index.js';
import { findProjectRoutes, openApiFromRoutes } from '../../../core/index.js';
import { removeSample, writeSample } from '../../../core/tester/index.js';
import { operationsOf, validateOpenApi31 } from '../../capabilities/documentation/openapi-validator.js';

async function documentOf(files: Record<string, string>) {
  const root = await writeSample({ files });
  try {
    const { ctx } = await createLocalContext({ root, limits: { maxToolCalls: 100 } });
    const { scan } = await findProjectRoutes(ctx);
    return { scan, ...openApiFromRoutes(scan, { title: 't', version: '1' }) };
  } finally {
    await removeSample(root);
  }
}

describe('core/http-routes: the OpenAPI document of the routes found', function () {
  this.timeout(60_000);

  it('follows a TypeScript app into its routers (./orders.js is orders.ts) and converts Express path syntax', async () => {
    const { document, notes, scan } = await documentOf({
      'src/app.ts': [
        "import express from 'express';",
        "import { orders } from './orders.js';",
        'export const app = express();',
        "app.use('/orders', orders);",
      ].join('\n'),
      'src/orders.ts': [
        "import { Router, type Request, type Response } from 'express';",
        'export const orders = Router();',
        "orders.get('/:id(\\\\d+)', (req: Request, res: Response) => { res.json({ id: req.params.id }); });",
        "orders.get('/:id/lines/:line?', (req: Request, res: Response) => { res.json([]); });",
        "orders.get('/:id/lines/:line?', (req: Request, res: Response) => { res.json([]); });",
      ].join('\n'),
      'src/unused.ts': "import { Router } from 'express';\nconst r = Router();\nr.post('/never', (req, res) => res.sendStatus(204));\n",
    });
    expect(validateOpenApi31(document).valid).to.equal(true);
    expect(operationsOf(document)).to.deep.equal(['GET /orders/{id}', 'GET /orders/{id}/lines/{line}']);
    expect(notes).to.have.length(2);
    expect(notes[0]).to.match(/optional path parameter\(s\) line documented as required/);
    expect(notes[1]).to.match(/declared again at src\/orders\.ts:5/);
    expect(scan.unmounted.map((u) => `${u.method} ${u.path}`)).to.deep.equal(['POST /never']);
    // The literal the handler answers with: `req.params.id` arrives as a string.
    expect(document.paths['/orders/{id}']!.get!.responses).to.deep.equal({
      '200': {
        description: 'OK',
        content: {
          'application/json': {
            schema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
            'x-agentd-schema-from': 'handler-literal',
          },
        },
      },
    });
    // An empty array literal: an array, its items unknown.
    expect((document.paths['/orders/{id}/lines/{line}']!.get! as { responses: Record<string, unknown> }).responses['200']).to.deep.equal({
      description: 'OK',
      content: { 'application/json': { schema: { type: 'array' }, 'x-agentd-schema-from': 'handler-literal' } },
    });
  });

  it('reads route objects, with a template path built from a top-level constant, and says their answers are not read', async () => {
    const { document, operations } = await documentOf({
      'routes.js': [
        "const BASE = '/admin';",
        'export const table = [',
        "  { method: 'get', path: `${BASE}/users/{id}`, handler: () => null },",
        "  { method: 'post', url: '/login', handler: () => null },",
        "  { method: 'get', path: `/x/${Math.random()}`, handler: () => null },",
        "  { method: 'fetch', path: '/no', handler: () => null },",
        "  { method: 'get', path: '/no-handler' },",
        '];',
      ].join('\n'),
    });
    expect(validateOpenApi31(document).valid).to.equal(true);
    expect(operationsOf(document)).to.deep.equal(['GET /admin/users/{id}', 'POST /login']);
    expect(operations.every((o) => o.from === 'route-object')).to.equal(true);
    expect(document.paths['/login']!.post!.responses).to.have.keys('default');
    expect(document.paths['/admin/users/{id}']!.get!.parameters).to.deep.equal([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
    ]);
  });

  it("builds paths a helper makes from its parameter (`route('users')`), a `+` of constants, and mount prefixes the same way", async () => {
    const { document } = await documentOf({
      'src/app.ts': [
        "import express from 'express';",
        "import { admin } from './admin.js';",
        "const API = '/api/v1';",
        'function route(name: string): string {',
        '  return `${API}/${name}`;',
        '}',
        "const item = (name: string, id: string) => route(name) + '/:' + id;",
        'export const app = express();',
        "app.get(route('users'), (req, res) => { res.json([]); });",
        "app.get(item('users', 'userId'), (req, res) => { res.json({}); });",
        "app.use(route('admin'), admin);",
        'app.get(route(process.env.X), (req, res) => { res.json({}); });',
      ].join('\n'),
      'src/admin.ts':
        "import { Router } from 'express';\nexport const admin = Router();\nadmin.delete('/cache', (req, res) => { res.sendStatus(204); });\n",
    });
    expect(validateOpenApi31(document).valid).to.equal(true);
    // The last route's path depends on the environment: not a path the source states, left out.
    expect(operationsOf(document)).to.deep.equal(['DELETE /api/v1/admin/cache', 'GET /api/v1/users', 'GET /api/v1/users/{userId}']);
  });

  it('follows helpers to their call sites with literal arguments, and loops over literal arrays, to the routes they register', async () => {
    const { document, operations } = await documentOf({
      // A helper returning a route object whose path is built from its parameter, called at the top level.
      'src/table.ts': [
        'function paged(name: string, summary: string) {',
        "  return { method: 'get', path: `/jobs/{id}/${name}`, summary, handler: () => null };",
        '}',
        "const side = (which: 'before' | 'after') => ({ method: 'get', path: `/changes/{index}/${which}`, handler: () => null });",
        "export const table = [paged('findings', 'All findings.'), paged('changes', 'All changes.'), side('before'), side('after')];",
        // Called with a value the source does not state: no route.
        'export const other = paged(process.env.NAME as string, "?");',
      ].join('\n'),
      // An Express helper taking the router and a resource name, imported by the app and called twice.
      'src/crud.ts': [
        "import type { Router } from 'express';",
        'export function crud(router: Router, name: string): void {',
        '  router.get(`/${name}`, (req, res) => { res.json([]); });',
        '  router.delete(`/${name}/:id`, (req, res) => { res.sendStatus(204); });',
        '}',
      ].join('\n'),
      'src/app.ts': [
        "import express from 'express';",
        "import { crud } from './crud.js';",
        "import { admin } from './admin.js';",
        'export const app = express();',
        "crud(app, 'users');",
        "crud(app, 'teams');",
        "app.use('/admin', admin);",
        "for (const name of ['alive', 'ready']) app.get(`/health/${name}`, (req, res) => { res.sendStatus(204); });",
        "['put', 'patch'].forEach((verb) => app[verb]('/settings', (req, res) => { res.json({ ok: true }); }));",
      ].join('\n'),
      // A route table of objects without `handler` mounted in a loop on a router under a prefix.
      'src/admin.ts': [
        "import { Router } from 'express';",
        'export const admin = Router();',
        "const routes = [{ method: 'post', path: '/cache/flush', run: (req, res) => res.sendStatus(202) }, { method: 'get', path: '/stats', run: (req, res) => res.json({}) }];",
        'for (const route of routes) admin[route.method](route.path, route.run);',
      ].join('\n'),
    });
    expect(validateOpenApi31(document).valid).to.equal(true);
    expect(operationsOf(document)).to.deep.equal([
      'DELETE /teams/{id}',
      'DELETE /users/{id}',
      'GET /admin/stats',
      'GET /changes/{index}/after',
      'GET /changes/{index}/before',
      'GET /health/alive',
      'GET /health/ready',
      'GET /jobs/{id}/changes',
      'GET /jobs/{id}/findings',
      'GET /teams',
      'GET /users',
      'PATCH /settings',
      'POST /admin/cache/flush',
      'PUT /settings',
    ]);
    // A route a helper makes is said to be declared where the helper is called.
    const at = (method: string, p: string) => operations.find((o) => o.method === method && o.path === p);
    expect(at('GET', '/jobs/{id}/changes')).to.include({ file: 'src/table.ts', line: 5, from: 'route-object' });
    expect(at('GET', '/teams')).to.include({ file: 'src/app.ts', line: 6, from: 'express' });
    // The loop's objects are routes through the router (prefix applied), not also as data.
    expect(at('GET', '/stats')).to.equal(undefined);
    // The handler a loop element names is read like a written one (its status code).
    expect(document.paths['/admin/cache/flush']!.post!.responses).to.have.keys('202');
    expect(document.paths['/users/{id}']!.delete!.responses).to.have.keys('204');
  });

  it('types answers from the literals handlers write (Express res.json, Fastify reply.send and return), where no schema or type says more', async () => {
    const { document } = await documentOf({
      'src/app.js': [
        "import express from 'express';",
        'export const app = express();',
        "app.post('/tasks', (req, res) => {",
        "  if (!req.body.title) return res.status(400).json({ error: 'title required' });",
        '  const task = { id: Date.now(), title: String(req.body.title), done: false, tags: [], created: new Date().toISOString() };',
        '  res.status(201).json(task);',
        '});',
        "app.get('/tasks/:id', (req, res) => {",
        "  if (req.params.id === '0') return res.status(404).json({ error: 'no task', id: req.params.id });",
        "  if (req.params.id === '1') return res.status(404).json({ message: 'gone' });",
        '  res.json({ id: req.params.id, count: [1, 2].length, ok: req.params.id !== "x", label: "#" + req.params.id });',
        '});',
        "app.get('/raw', (req, res) => { res.json(loadAll()); });",
      ].join('\n'),
      'src/server.js': [
        "import Fastify from 'fastify';",
        'export const server = Fastify();',
        "server.get('/ping', async () => ({ pong: true, at: Date.now() }));",
        "server.post('/notes', async (request, reply) => {",
        "  if (!request.body.text) return reply.code(422).send({ error: 'text required' });",
        '  reply.code(201);',
        "  return { id: 1, text: request.body.text, words: request.body.text.split(' ').length };",
        '});',
        "server.get('/typed', { schema: { response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } } } }, async () => ({ n: 1 }));",
      ].join('\n'),
    });
    expect(validateOpenApi31(document).valid).to.equal(true);
    type Responses = Record<string, { content?: Record<string, { schema: unknown; 'x-agentd-schema-from'?: string }> }>;
    const schemaOf = (p: string, m: string, status: string) =>
      ((document.paths[p]![m] as { responses: Responses }).responses[status]!.content ?? {})['application/json']?.schema;
    expect(schemaOf('/tasks', 'post', '201')).to.deep.equal({
      type: 'object',
      properties: {
        id: { type: 'number' },
        title: { type: 'string' },
        done: { type: 'boolean' },
        tags: { type: 'array' },
        created: { type: 'string', format: 'date-time' },
      },
      required: ['id', 'title', 'done', 'tags', 'created'],
    });
    expect(schemaOf('/tasks', 'post', '400')).to.deep.equal({
      type: 'object',
      properties: { error: { type: 'string' } },
      required: ['error'],
    });
    // Two shapes for one status: either.
    expect(schemaOf('/tasks/{id}', 'get', '404')).to.deep.equal({
      anyOf: [
        { type: 'object', properties: { error: { type: 'string' }, id: { type: 'string' } }, required: ['error', 'id'] },
        { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
      ],
    });
    expect(schemaOf('/tasks/{id}', 'get', '200')).to.deep.equal({
      type: 'object',
      properties: { id: { type: 'string' }, count: { type: 'integer' }, ok: { type: 'boolean' }, label: { type: 'string' } },
      required: ['id', 'count', 'ok', 'label'],
    });
    expect(schemaOf('/raw', 'get', '200')).to.deep.equal({});
    // Fastify: an arrow returning a literal, a `reply.code(201); return {...}`, a reply.code(422).send({...}).
    expect(schemaOf('/ping', 'get', '200')).to.deep.equal({
      type: 'object',
      properties: { pong: { type: 'boolean' }, at: { type: 'number' } },
      required: ['pong', 'at'],
    });
    expect(schemaOf('/notes', 'post', '201')).to.deep.equal({
      type: 'object',
      properties: { id: { type: 'number' }, text: {}, words: { type: 'integer' } },
      required: ['id', 'text', 'words'],
    });
    expect(schemaOf('/notes', 'post', '422')).to.have.nested.property('properties.error.type', 'string');
    // The route's own response schema wins over the literal.
    expect(schemaOf('/typed', 'get', '200')).to.deep.equal({ type: 'object', properties: { n: { type: 'integer' } } });
  });

  it('types bodies and answers from TypeScript annotations (Express Request/Response, Fastify generics), through imports', async () => {
    const { document } = await documentOf({
      'src/types.ts': [
        "export interface Book { id: number; title: string; format: 'paper' | 'ebook'; tags?: string[]; added: Date }",
        'export type NewBook = { title: string; tags?: Array<string> };',
        'export interface Note { id: number; text: string; meta: Record<string, boolean> }',
      ].join('\n'),
      'src/app.ts': [
        "import express, { type Request, type Response } from 'express';",
        "import type { Book, NewBook } from './types.js';",
        'export const app = express();',
        "app.post('/books', (req: Request<{}, Book, NewBook>, res: Response<Book>) => { res.status(201).json({} as Book); });",
        "app.get('/books/:id', (req: Request<{ id: string }>, res: Response<Book>) => { res.json({} as Book); });",
      ].join('\n'),
      'src/server.ts': [
        "import Fastify from 'fastify';",
        "import type { Note } from './types.js';",
        'export const server = Fastify();',
        "server.post<{ Body: { text: string }; Reply: Note }>('/notes', async (request) => ({ id: 1, text: request.body.text, meta: {} }));",
      ].join('\n'),
    });
    expect(validateOpenApi31(document).valid).to.equal(true);
    const book = {
      type: 'object',
      properties: {
        id: { type: 'number' },
        title: { type: 'string' },
        format: { enum: ['paper', 'ebook'] },
        tags: { type: 'array', items: { type: 'string' } },
        added: { type: 'string', format: 'date-time' },
      },
      required: ['id', 'title', 'format', 'added'],
    };
    const post = document.paths['/books']!.post! as Record<string, unknown>;
    expect(post.requestBody).to.deep.equal({
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: { title: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
            required: ['title'],
          },
        },
      },
    });
    expect(post['x-agentd-body-from']).to.equal('type');
    expect(post.responses).to.deep.equal({ '201': { description: 'Created', content: { 'application/json': { schema: book } } } });
    const get = document.paths['/books/{id}']!.get! as { responses: Record<string, { content: Record<string, { schema: unknown }> }> };
    expect(get.responses['200']!.content['application/json']!.schema).to.deep.equal(book);
    const note = document.paths['/notes']!.post! as { requestBody: unknown; responses: Record<string, unknown> };
    expect(note.requestBody).to.deep.equal({
      required: true,
      content: { 'application/json': { schema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } } },
    });
    expect(note.responses['200']).to.deep.equal({
      description: 'OK',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: {
              id: { type: 'number' },
              text: { type: 'string' },
              meta: { type: 'object', additionalProperties: { type: 'boolean' } },
            },
            required: ['id', 'text', 'meta'],
          },
        },
      },
    });
  });

  it("types a body by the return type of the parser the handler hands req.body to (fixtures/express-ts-api's parseOrderInput)", async () => {
    const root = await writeSample({ fixture: new URL('../../../../fixtures/express-ts-api', import.meta.url).pathname });
    try {
      const { ctx } = await createLocalContext({ root, limits: { maxToolCalls: 100 } });
      const { document } = openApiFromRoutes((await findProjectRoutes(ctx)).scan, { title: 't', version: '1' });
      expect(validateOpenApi31(document).valid).to.equal(true);
      expect(operationsOf(document)).to.deep.equal([
        'GET /health',
        'GET /orders',
        'GET /orders/{id}',
        'POST /orders',
        'POST /orders/{id}/cancel',
      ]);
      const post = document.paths['/orders']!.post! as { requestBody: { content: Record<string, { schema: Record<string, unknown> }> } };
      const schema = post.requestBody.content['application/json']!.schema;
      expect(schema.required).to.deep.equal(['customerId', 'lines', 'express']);
      // LineInput comes from services/pricing.ts through an `import type`.
      expect(schema).to.have.nested.property('properties.lines.items.properties.sku.type', 'string');
      expect(document.paths['/orders']!.post!['x-agentd-body-from']).to.equal('type');
    } finally {
      await removeSample(root);
    }
  });
});
