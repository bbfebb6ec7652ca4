/** testing.integration's tester suite: HTTP tests of an Express app's routes, nothing generated without the permission or for a TypeScript app, refusals (no routes, an app module that listens on import), input schema. */
import { expect } from 'chai';
import path from 'node:path';
import { CapabilityTester } from '../../../core/tester/index.js';
import { fixturePath, REPO } from '../support/sample-runs.js';

const EXPRESS = { fixture: fixturePath('testing', 'express-api'), nodeModules: path.join(REPO, 'node_modules') };
const PKG = JSON.stringify({ name: 'api', private: true, type: 'module', scripts: { test: 'mocha' }, dependencies: { express: '^5.1.0' } });

describe('testing.integration cases', function () {
  this.timeout(120_000);
  new CapabilityTester({ capability: 'testing.integration' }).run({
    valid: [
      {
        name: 'without the project-code permission: the app is not started, nothing generated (notRun), the routes it would test listed',
        ...EXPRESS,
        check: (outcome) => {
          expect(outcome.result!.notRun).to.deep.equal([
            { part: 'generation', reason: "project code not allowed (the project's app is started to observe its answers)" },
          ]);
          const data = outcome.result!.data as { app: string; routes: string[]; generated: boolean };
          expect(data.app).to.equal('src/app.js');
          expect(data.generated).to.equal(false);
          expect(data.routes).to.include.members(['GET /health', 'POST /todos', 'GET /todos/:id', 'DELETE /todos/:id']);
        },
      },
      {
        name: 'a TypeScript app: not read or started yet, said so (notRun)',
        fixture: fixturePath('express-ts-api'),
        projectCode: true,
        check: (outcome) => {
          expect(outcome.result!.summary).to.match(/^No tests were generated: the project's HTTP routes are in TypeScript modules/);
          expect(outcome.result!.notRun).to.deep.equal([
            { part: 'generation', reason: 'TypeScript apps are not read or started yet (JavaScript Express/Fastify apps only)' },
          ]);
        },
      },
    ],
    invalid: [
      {
        name: "the routes of an Express app (zod body, own checks, a router mounted under /todos): a mocha test file beside the project's tests",
        ...EXPRESS,
        projectCode: true,
        changes: {
          'test/app.http.generated.test.js': {
            contains: [
              "import { app } from '../src/app.js';",
              "server = app.listen(0, '127.0.0.1');",
              "it('POST /todos with a valid body answers 201'",
              "body: JSON.stringify({ title: 'example', priority: 1, done: true }),",
              "assert.equal(res.headers.get('location'), '/todos/1');",
              "it('POST /todos without its required fields answers 400'",
              "it('GET /todos/not-a-valid-id with a malformed path parameter answers 400'",
              "it('PATCH /todos/1 without its required fields answers 400'",
              "it('DELETE /todos/1 answers 204'",
            ],
            notContains: 'supertest',
          },
        },
      },
      {
        name: 'CommonJS + node:test: a router required under /api, an ajv-compiled body schema, a typeof check, a timestamp asserted by shape',
        nodeModules: path.join(REPO, 'node_modules'),
        files: {
          'package.json': JSON.stringify({
            name: 'items',
            private: true,
            scripts: { test: 'node --test test/' },
            dependencies: { express: '^5.1.0', ajv: '^8.0.0' },
          }),
          'app.js':
            "const express = require('express');\n\nconst app = express();\napp.use(express.json());\napp.use('/api', require('./routes/items'));\n\nmodule.exports = app;\n",
          'routes/items.js': [
            "const { Router } = require('express');",
            "const Ajv = require('ajv');",
            '',
            'const ajv = new Ajv();',
            "const validateItem = ajv.compile({ type: 'object', required: ['name', 'qty'], properties: { name: { type: 'string', minLength: 2 }, qty: { type: 'integer', minimum: 3 } } });",
            'const items = [];',
            'const router = Router();',
            '',
            "router.post('/items', (req, res) => {",
            '  if (!validateItem(req.body)) return res.status(422).json({ errors: validateItem.errors.length });',
            '  const item = { id: items.length + 1, ...req.body, createdAt: new Date().toISOString() };',
            '  items.push(item);',
            '  res.status(201).json(item);',
            '});',
            '',
            "router.put('/items/:id/name', (req, res) => {",
            '  const item = items.find((i) => i.id === Number(req.params.id));',
            "  if (!item) return res.status(404).json({ message: 'no such item' });",
            "  if (typeof req.body.name !== 'string') return res.status(400).json({ message: 'name must be a string' });",
            '  item.name = req.body.name;',
            '  res.json({ id: item.id, name: item.name });',
            '});',
            '',
            'module.exports = router;',
            '',
          ].join('\n'),
        },
        projectCode: true,
        changes: {
          'test/app.http.generated.test.js': {
            contains: [
              "const { describe, it, before, after } = require('node:test');",
              "const app = require('../app.js');",
              "body: JSON.stringify({ name: 'example', qty: 3 }),",
              'assert.deepStrictEqual(shapeOf(await res.json()), {',
              "createdAt: 'string',",
              "it('POST /api/items without its required fields answers 422'",
              'assert.deepStrictEqual(await res.json(), { errors: 1 });',
              "it('PUT /api/items/1/name with a valid body answers 200'",
              "assert.deepStrictEqual(await res.json(), { id: 1, name: 'example' });",
              "it('PUT /api/items/1/name without its required fields answers 400'",
            ],
          },
        },
      },
      {
        name: 'no HTTP route in the project',
        files: { 'package.json': PKG, 'src/sum.js': 'export const sum = (a, b) => a + b;\n' },
        projectCode: true,
        error: { code: 'testing_refused', message: 'No HTTP routes found' },
      },
      {
        name: 'the only app module calls listen() when imported: refused, naming the file',
        files: {
          'package.json': PKG,
          'server.js':
            "import express from 'express';\n\nconst app = express();\napp.get('/hi', (req, res) => res.json({ hi: true }));\napp.listen(3000);\n",
        },
        projectCode: true,
        error: { code: 'testing_refused', message: 'server.js calls listen() when it is imported (line 5)' },
      },
      {
        name: 'an app factory that needs arguments (a database handle): refused, naming the function and its parameters',
        files: {
          'package.json': PKG,
          'src/app.js':
            "import express from 'express';\n\nexport function createApp(db) {\n  const app = express();\n  app.get('/orders', async (req, res) => res.json(await db.query('select * from orders')));\n  return app;\n}\n",
        },
        projectCode: true,
        error: { code: 'testing_refused', message: "src/app.js's createApp(db) needs arguments a test cannot make up" },
      },
      {
        name: 'an include that declares no route',
        ...EXPRESS,
        input: { include: ['src/slug.js'] },
        error: { code: 'invalid_input', message: 'include: No HTTP route is declared in ["src/slug.js"]' },
      },
    ],
    inputErrors: [
      { name: 'a runner agentd does not know', input: { runner: 'ava' }, message: '/runner must be equal to one of the allowed values' },
      { name: 'no routes at all', input: { maxRoutes: 0 }, message: '/maxRoutes must be >= 1' },
      { name: 'an unknown option', input: { database: 'postgres' }, message: 'must NOT have additional properties' },
    ],
  });
});
