/** Job records recorded from a real daemon running real task jobs (see records/README.md). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TaskJob } from '../../../cli/agent/task-job.js';

/** dist/test/cli/agent -> the sources' test/cli/agent/records (JSON is not compiled). */
const RECORDS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../test/cli/agent/records');

export function record(name: string): TaskJob {
  return JSON.parse(readFileSync(path.join(RECORDS, `${name}.json`), 'utf8')) as TaskJob;
}
