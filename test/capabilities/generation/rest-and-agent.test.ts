/**
 * The generators without a REST test of their own — scaffold, config, service and client — through a
 * real daemon on two project stacks each, once as a capability job and once as a free-text task the
 * planner turns into the step (the agent's path over REST); types and validator on the stack their own
 * REST test lacks (a tab-indented, semicolon-free CommonJS project with ajv). Every job stages its files for approval:
 * nothing is on disk before the approval, and approving writes exactly what the diff showed.
 */
import { expect } from 'chai';
import { cp, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { JobRecord } from '../../../daemon/jobs/job-record.js';
import { FIXTURES, startTestDaemon, type TestDaemon } from '../../daemon/support/daemon-harness.js';
import { post, waitForStatus } from '../../daemon/support/http-client.js';

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** The workspace folders this suite copies its fixtures into, one per stack. */
const STACKS: Record<string, string> = {
  scaffoldTabs: 'generation/scaffold-tabs',
  expressApi: 'express-ts-api',
  configEsm: 'generation/config-node-esm',
  reactApp: 'react-ts-app',
  expressPg: 'generation/express-pg-mocha',
  fastifySqlite: 'generation/fastify-sqlite-nodetest',
  zodEsm: 'generation/zod-esm-semis',
  ajvTabs: 'generation/ajv-cjs-nosemi-tabs',
};

/** A user's own scaffold in the Express API project: a route module per resource. */
const ROUTE_SCAFFOLD = {
  'scaffold.json': JSON.stringify({
    description: 'A route module.',
    variables: { name: { type: 'string', required: true, pattern: '^[A-Z][A-Za-z0-9]*$' } },
  }),
  'src/routes/{{kebab name}}.ts.hbs': "import { Router } from 'express';\n\nexport const {{camel name}}Router = Router();\n",
};

const OPENAPI = {
  openapi: '3.1.0',
  info: { title: 'Shop', version: '1.0.0' },
  paths: {
    '/orders/{id}': {
      get: {
        operationId: 'getOrder',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'the order',
            content: {
              'application/json': {
                schema: { type: 'object', required: ['id', 'total'], properties: { id: { type: 'string' }, total: { type: 'number' } } },
              },
            },
          },
        },
      },
    },
  },
};

describe('generation.scaffold / config / service / client (and types / validator on a second stack) over REST and through the agent', function () {
  this.timeout(180_000);
  let t: TestDaemon;
  before(async () => {
    t = await startTestDaemon();
    for (const [folder, fixture] of Object.entries(STACKS))
      await cp(path.join(FIXTURES, fixture), path.join(t.workspace, folder), { recursive: true });
    for (const [file, text] of Object.entries(ROUTE_SCAFFOLD)) {
      const target = path.join(t.workspace, 'expressApi', '.agentd', 'scaffolds', 'feature', file);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, text);
    }
  });
  after(async () => {
    await t.close();
  });

  /** A job staged for approval (a task's plan may also end `incomplete` on its verify step, which needs project-code permission). */
  async function staged(body: object): Promise<JobRecord> {
    const id = (await post(t.url, '/jobs', body)).body.id as string;
    const job = await waitForStatus(t.url, id, ['awaiting_approval', 'failed', 'succeeded', 'incomplete'], 60_000);
    expect(job.status, JSON.stringify(job.error ?? job.result?.summary)).to.be.oneOf(['awaiting_approval', 'incomplete']);
    return job;
  }

  const paths = (job: JobRecord): string[] => job.result!.changes.map((c) => c.path).sort();
  const diffOf = (job: JobRecord, file: string): string => job.result!.changes.find((c) => c.path === file)?.diff ?? '';

  async function approveWrites(job: JobRecord, folder: string): Promise<void> {
    for (const file of paths(job)) expect(await exists(path.join(t.workspace, folder, file)), `${file} before approval`).to.equal(false);
    expect((await post(t.url, `/jobs/${job.id}/followup`, { action: 'approve' })).status).to.equal(202);
    expect((await waitForStatus(t.url, job.id, ['succeeded', 'failed'], 60_000)).status).to.equal('succeeded');
    for (const file of paths(job)) {
      const added = diffOf(job, file)
        .split('\n')
        .filter((l) => l.startsWith('+') && !l.startsWith('+++'))
        .map((l) => l.slice(1));
      expect(await readFile(path.join(t.workspace, folder, file), 'utf8'), file).to.equal(`${added.join('\n')}\n`);
    }
  }

  it('scaffold, job: the tab-indented project\'s "feature" template for Invoice, written on approval', async () => {
    const job = await staged({
      capability: 'generation.scaffold',
      input: { template: 'feature', variables: { name: 'Invoice' } },
      workspace: 'scaffoldTabs',
    });
    expect(paths(job)).to.deep.equal(['src/features/invoice/invoice.test.ts', 'src/features/invoice/invoice.ts']);
    expect(diffOf(job, 'src/features/invoice/invoice.ts')).to.match(/^\+\t/m);
    await approveWrites(job, 'scaffoldTabs');
  });

  it('scaffold, task: "scaffold a feature called Refund from the template folder" on the Express API uses its own template', async () => {
    const job = await staged({ task: 'scaffold a feature called Refund from the template folder', workspace: 'expressApi' });
    expect(job.plan!.steps[0]!.capability).to.equal('generation.scaffold');
    expect(job.plan!.steps[0]!.input).to.deep.include({ template: 'feature', variables: { name: 'Refund' } });
    expect(diffOf(job, 'src/routes/refund.ts')).to.include('+export const refundRouter = Router();');
  });

  it('config, job: an EditorConfig and a Prettier config for the Node ESM project, written on approval', async () => {
    const job = await staged({ capability: 'generation.config', input: { files: ['editorconfig', 'prettier'] }, workspace: 'configEsm' });
    expect(paths(job)).to.deep.equal(['.editorconfig', '.prettierrc.json']);
    expect(diffOf(job, '.editorconfig')).to.include('+root = true');
    await approveWrites(job, 'configEsm');
  });

  it('config, task: "add an eslint config and an editorconfig" on the React app', async () => {
    const job = await staged({ task: 'add an eslint config and an editorconfig', workspace: 'reactApp' });
    expect(job.plan!.steps[0]!.capability).to.equal('generation.config');
    expect(paths(job)).to.include.members(['.editorconfig', 'eslint.config.js']);
    expect(diffOf(job, 'eslint.config.js')).to.include('+  ...tseslint.configs.recommended,');
    expect(job.result!.summary).to.include('npm install --save-dev eslint @eslint/js typescript-eslint eslint-plugin-react-hooks');
  });

  it('service, job: an InvoiceService over pg for the Express project, written on approval', async () => {
    const input = { resource: 'invoice', fields: [{ name: 'total', type: 'number', required: true }] };
    const job = await staged({ capability: 'generation.service', input, workspace: 'expressPg' });
    const service = paths(job).find((p) => p.endsWith('invoice-service.ts'));
    expect(service, paths(job).join(', ')).to.be.a('string');
    expect(diffOf(job, service!)).to.include('export class InvoiceService');
    expect(diffOf(job, service!)).to.match(/\$1/);
    await approveWrites(job, 'expressPg');
  });

  it('service, task: "generate a service for orders" on the Fastify + SQLite project', async () => {
    const job = await staged({ task: 'generate a service for orders', workspace: 'fastifySqlite' });
    expect(job.plan!.steps[0]!.capability).to.equal('generation.service');
    const service = paths(job).find((p) => p.endsWith('order-service.ts'));
    expect(service, paths(job).join(', ')).to.be.a('string');
    expect(diffOf(job, service!)).to.include('export class OrderService');
  });

  it('client, task: "generate a typed API client from our routes" on the Express API', async () => {
    const job = await staged({ task: 'generate a typed API client from our routes', workspace: 'expressApi' });
    expect(job.plan!.steps[0]!.capability).to.equal('generation.client');
    const client = paths(job).find((p) => p.startsWith('src/api/'));
    expect(client, paths(job).join(', ')).to.be.a('string');
    expect(diffOf(job, client!)).to.match(/\+export class \w+Client/);
  });

  it('client, job: a typed client from an OpenAPI document in the zod project, written on approval', async () => {
    await writeFile(path.join(t.workspace, 'zodEsm', 'openapi.json'), JSON.stringify(OPENAPI, null, 2));
    const job = await staged({ capability: 'generation.client', input: { spec: 'openapi.json' }, workspace: 'zodEsm' });
    expect(paths(job)).to.deep.equal(['src/api/shop-client.ts']);
    expect(diffOf(job, 'src/api/shop-client.ts')).to.include('getOrder(');
    await approveWrites(job, 'zodEsm');
  });
  it('types, task: "generate a TypeScript interface called Receipt with id:string, total:number" in the tab-indented, semicolon-free CommonJS project', async () => {
    const job = await staged({ task: 'generate a TypeScript interface called Receipt with id:string, total:number', workspace: 'ajvTabs' });
    expect(job.plan!.steps[0]!.capability).to.equal('generation.types');
    expect(diffOf(job, 'src/types/receipt.ts')).to.include('+export interface Receipt {\n+\tid: string\n+\ttotal: number\n+}');
  });

  it('validator, job: an ajv validator for Product (the project depends on ajv), written on approval', async () => {
    const job = await staged({ capability: 'generation.validator', input: { name: 'Product' }, workspace: 'ajvTabs' });
    expect(paths(job)).to.deep.equal(['src/models/product.validator.ts']);
    expect(diffOf(job, 'src/models/product.validator.ts')).to.include('+import { Ajv } from "ajv"');
    await approveWrites(job, 'ajvTabs');
  });
});
