/**
 * generation.client on agentd's own /openapi.json: the client is generated into the ESM fixture,
 * compiled with tsc (clean), linted with the fixture's ESLint config, Prettier-idempotent, then
 * imported and used against the running daemon: health, submit a job, read it back, a typed error.
 */
import { expect } from 'chai';
import { pathToFileURL } from 'node:url';
import { run } from '../../../../capabilities/generation/client.js';
import { startTestDaemon, type TestDaemon } from '../../../daemon/support/daemon-harness.js';
import { compiled, copyOf, eslint, generate, prettierCheck, removeCopies, tsc } from '../generated-project.js';

interface GeneratedClient {
  getHealth(): Promise<{ status: string }>;
  postJobs(body: unknown): Promise<{ id: string; status: string }>;
  getJobsById(params: { id: string }): Promise<{ id: string; status: string; capability?: string }>;
}

describe("generation.client from agentd's own /openapi.json", function () {
  this.timeout(120_000);
  let t: TestDaemon;
  let root: string;
  let out: string;
  before(async () => {
    t = await startTestDaemon();
    const document = (await (await fetch(`${t.url}/openapi.json`)).json()) as Record<string, unknown>;
    root = await copyOf('zod-esm-semis');
    const { result, files } = await generate(run, root, { document, name: 'AgentdClient', out: 'src/api/agentd-client.ts' });
    expect(files).to.deep.equal(['src/api/agentd-client.ts']);
    out = files[0]!;
    expect((result.data as { operations: { name: string }[] }).operations.map((o) => o.name)).to.include.members([
      'getHealth',
      'postJobs',
      'getJobsById',
    ]);
  });
  after(async () => {
    await t.close();
    await removeCopies();
  });

  it('type-checks under the fixture tsconfig, passes its ESLint config and is Prettier-clean', async () => {
    const built = await tsc(root, true);
    expect(built.code, built.output).to.equal(0);
    const lint = await eslint(root, [out]);
    expect(lint.code, lint.output).to.equal(0);
    const pretty = await prettierCheck(root, [out]);
    expect(pretty.code, pretty.output).to.equal(0);
  });

  it('calls the running daemon: health, submit a job, read it back, and a 404 as the typed error', async () => {
    const mod = (await import(pathToFileURL(compiled(root, out)).href)) as {
      AgentdClient: new (url: string) => GeneratedClient;
      AgentdError: new (...a: never[]) => Error;
    };
    const client = new mod.AgentdClient(t.url);
    expect((await client.getHealth()).status).to.be.a('string');
    const job = await client.postJobs({ capability: 'analysis.test-empty' });
    expect(job.id).to.be.a('string');
    const read = await client.getJobsById({ id: job.id });
    expect(read.id).to.equal(job.id);
    try {
      await client.getJobsById({ id: 'no-such-job' });
      expect.fail('a missing job must throw');
    } catch (error) {
      expect(error).to.be.instanceOf(mod.AgentdError);
      expect((error as { status: number; code: string }).status).to.equal(404);
      expect((error as { code: string }).code).to.equal('job_not_found');
    }
  });
});
