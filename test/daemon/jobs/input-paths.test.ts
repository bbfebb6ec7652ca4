/**
 * A path that leaves the workspace anywhere in a job's input is refused at submission with
 * workspace_escape (400), whichever capability would receive it; a job that names no workspace runs in
 * the configured workspace.default, or is refused with workspace_required when there is none.
 */
import { expect } from 'chai';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { INPUT_PATH_FIELDS } from '../../../daemon/jobs/input-path-fields.js';
import { pathLikeValues } from '../../../daemon/jobs/input-paths.js';
import { startTestDaemon, type TestDaemon } from '../support/daemon-harness.js';
import { get, post } from '../support/http-client.js';

/** String fields of capability inputs that are not paths (names, words, free text). */
const NOT_PATHS = new Set([
  'symbol',
  'newName',
  'name',
  'meaningless',
  'allowedShortNames',
  'content',
  'message',
  'text',
  'ruleId',
  'label',
  'marker',
  'source',
  'title',
  'error',
  'description',
  'subjects',
  // testing and debugging: an export's name, a bug report, the error a call throws
  'export',
  'report',
  'throws',
  // generation: names, types, values and choices, never paths
  'resource',
  'default',
  'type',
  'initial',
  'library',
  'framework',
  'table',
  'model',
  'field',
  'key',
  'columns',
  'migrationName',
  'timestamp',
  'sample',
  // the test-only composing capability's input
  'invoke',
]);

interface SchemaNode {
  type?: string | string[];
  enum?: unknown[];
  pattern?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
}

function stringFields(schema: SchemaNode | undefined, name: string | null, out: Set<string>): void {
  if (!schema || typeof schema !== 'object') return;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (name !== null && types.includes('string') && !schema.enum && !schema.pattern) out.add(name);
  for (const [key, child] of Object.entries(schema.properties ?? {})) stringFields(child, key, out);
  if (schema.items) stringFields(schema.items, name, out);
}

describe('daemon/jobs: paths in job inputs and the job workspace at submission', function () {
  this.timeout(60_000);
  let t: TestDaemon;
  let outside: string;

  before(async () => {
    t = await startTestDaemon();
    outside = await mkdtemp(path.join(tmpdir(), 'agentd-outside-'));
    await writeFile(path.join(outside, 'secret.txt'), 'secret');
    await mkdir(path.join(t.workspace, 'project', 'src'), { recursive: true });
    await writeFile(path.join(t.workspace, 'project', 'src', 'a.ts'), 'export const a = 1;\n');
    await symlink(outside, path.join(t.workspace, 'project', 'out'), 'dir');
  });
  after(async () => {
    await t?.close();
    await rm(outside, { recursive: true, force: true });
  });

  async function refused(
    body: Record<string, unknown>,
  ): Promise<{ code: string; message: string; details: { path: string; message: string }[] }> {
    const before = (await get(t.url, '/jobs?limit=500')).body.length;
    const reply = await post(t.url, '/jobs', { workspace: 'project', ...body });
    expect(reply.status, JSON.stringify(reply.body)).to.equal(400);
    expect((await get(t.url, '/jobs?limit=500')).body.length, 'no job was created').to.equal(before);
    return reply.body.error;
  }

  it('refuses "..", absolute and symlinked-out paths in any path-like field, naming the field', async () => {
    const dotdot = await refused({ capability: 'refactoring.rename', input: { file: '../../etc/passwd', symbol: 'a', newName: 'b' } });
    expect(dotdot.code).to.equal('workspace_escape');
    expect(dotdot.details.map((d) => d.path)).to.deep.equal(['/input/file']);
    expect(dotdot.message).to.include('/input/file').and.include('".."');

    const absolute = await refused({ capability: 'refactoring.move', input: { file: 'src/a.ts', symbol: 'a', to: '/tmp/b.ts' } });
    expect(absolute.code).to.equal('workspace_escape');
    expect(absolute.details[0]!.path).to.equal('/input/to');

    const link = await refused({ capability: 'refactoring.test-writer', input: { path: 'out/secret.txt', content: 'x' } });
    expect(link.code).to.equal('workspace_escape');
    expect(link.message).to.include('through a symlink').and.not.include(outside);
  });

  it('finds nested fields in a pipeline and reports every escape with its pointer', async () => {
    const error = await refused({
      pipeline: [
        { capability: 'analysis.test-empty' },
        {
          capability: 'refactoring.dedupe',
          input: { clone: { a: { file: 'src/a.ts', startLine: 1, endLine: 1 }, b: { file: '/etc/hosts', startLine: 1, endLine: 1 } } },
        },
        { capability: 'analysis.complexity', input: { include: ['src/**', '../../**'] } },
      ],
    });
    expect(error.code).to.equal('workspace_escape');
    expect(error.details.map((d) => d.path)).to.deep.equal(['/pipeline/1/input/clone/b/file', '/pipeline/2/input/include/1']);
  });

  it('accepts paths inside the workspace, "." and root-anchored globs ("/src/**" is gitignore syntax, not an absolute path)', async () => {
    for (const body of [
      { capability: 'refactoring.test-writer', input: { path: 'src/new.txt', content: 'x' } },
      { capability: 'analysis.complexity', input: { include: ['/src/**'], exclude: ['!src/keep.ts'] } },
      { capability: 'analysis.test-reader', input: { path: '.' } },
    ]) {
      const reply = await post(t.url, '/jobs', { workspace: 'project', ...body });
      expect(reply.status, JSON.stringify(reply.body)).to.equal(202);
    }
  });

  it('lists every path-like string field of the registered capabilities (new fields must be classified)', async () => {
    const capabilities = (await get(t.url, '/capabilities')).body as { id: string; inputSchema: SchemaNode }[];
    const known = new Set<string>([...INPUT_PATH_FIELDS.files, ...INPUT_PATH_FIELDS.globs, ...NOT_PATHS]);
    const unclassified: string[] = [];
    for (const capability of capabilities) {
      const fields = new Set<string>();
      stringFields(capability.inputSchema, null, fields);
      for (const field of fields) if (!known.has(field)) unclassified.push(`${capability.id}: ${field}`);
    }
    expect(unclassified, 'add each to daemon/jobs/input-path-fields.ts or to NOT_PATHS here').to.deep.equal([]);
    expect(
      pathLikeValues({ a: { to: 'x', include: ['y'] }, list: [{ file: 'z' }] }).map((f) => `${f.pointer}=${f.value}:${f.kind}`),
    ).to.deep.equal(['/a/to=x:file', '/a/include/0=y:glob', '/list/0/file=z:file']);
  });
});

describe('daemon/jobs: a job without a workspace', function () {
  this.timeout(60_000);

  it('is refused with workspace_required when workspace.default is null (the default)', async () => {
    const t = await startTestDaemon({ configure: (config) => (config.workspace.default = null) });
    try {
      const reply = await post(t.url, '/jobs', { capability: 'analysis.test-empty' });
      expect(reply.status).to.equal(400);
      expect(reply.body.error.code).to.equal('workspace_required');
      expect(reply.body.error.message).to.include('workspace.default');
      expect((await get(t.url, '/jobs')).body).to.deep.equal([]);
      expect(
        (await post(t.url, '/jobs', { capability: 'analysis.test-empty', workspace: '.' })).status,
        'naming the root is explicit',
      ).to.equal(202);
    } finally {
      await t.close();
    }
  });

  it('runs in the configured workspace.default', async () => {
    const t = await startTestDaemon({ configure: (config) => (config.workspace.default = 'repos/app') });
    try {
      await mkdir(path.join(t.workspace, 'repos', 'app'), { recursive: true });
      const reply = await post(t.url, '/jobs', { capability: 'analysis.test-empty' });
      expect(reply.status, JSON.stringify(reply.body)).to.equal(202);
      expect(reply.body.workspace).to.equal('repos/app');
    } finally {
      await t.close();
    }
  });
});
