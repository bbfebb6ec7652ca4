/**
 * Shared steps of the agent tests: a real daemon on a temp copy of a fixture (optionally with
 * agentd's own node_modules linked in, so the fixture's mocha tests can run), task submission over
 * HTTP, and byte snapshots of the project to prove what was or was not written.
 */
import { readFile, readdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JobRecord, JobStatus } from '../../../daemon/jobs/job-record.js';
import { startTestDaemon, type TestDaemon, type TestDaemonOptions } from '../support/daemon-harness.js';
import { post, waitForStatus } from '../support/http-client.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** dist/test/daemon/agent -> <repo>/node_modules */
export const REPO_NODE_MODULES = path.resolve(here, '../../../../node_modules');

/** Final or waiting statuses a task run can stop in. */
export const SETTLED: JobStatus[] = ['succeeded', 'incomplete', 'failed', 'cancelled', 'awaiting_approval'];

/**
 * `linkNodeModules`: the fixture's own tests are meant to run, so the daemon also trusts the `project`
 * workspace with project code (security.trustedWorkspaces), as an operator would for their own repository.
 */
export async function agentDaemon(fixture: string, options: TestDaemonOptions & { linkNodeModules?: boolean } = {}): Promise<TestDaemon> {
  const configure: TestDaemonOptions['configure'] = (config) => {
    if (options.linkNodeModules) config.security.trustedWorkspaces = ['project'];
    options.configure?.(config);
  };
  const t = await startTestDaemon({ ...options, configure, fixture });
  if (options.linkNodeModules) await symlink(REPO_NODE_MODULES, path.join(t.workspace, 'project', 'node_modules'), 'dir');
  return t;
}

export async function submitTask(t: TestDaemon, task: string, extra: Record<string, unknown> = {}): Promise<JobRecord> {
  const submitted = await post(t.url, '/jobs', { task, workspace: 'project', ...extra });
  if (submitted.status !== 202) throw new Error(`POST /jobs answered ${submitted.status}: ${JSON.stringify(submitted.body)}`);
  return waitForStatus(t.url, submitted.body.id, SETTLED, 120_000);
}

export async function followUp(t: TestDaemon, id: string, body: Record<string, unknown>, until: JobStatus[] = SETTLED): Promise<JobRecord> {
  const reply = await post(t.url, `/jobs/${id}/followup`, body);
  if (reply.status !== 202) throw new Error(`POST /jobs/${id}/followup answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  // The follow-up re-queues the job; wait until its new run has settled again.
  return waitForStatus(
    t.url,
    id,
    until.filter((status) => status !== reply.body.status || status === 'queued'),
    180_000,
  );
}

/** Every file of the project (node_modules aside) and its exact bytes. */
export async function snapshot(root: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || full.includes(`${path.sep}node_modules${path.sep}`)) continue;
    files.set(path.relative(root, full), (await readFile(full)).toString('base64'));
  }
  return files;
}
