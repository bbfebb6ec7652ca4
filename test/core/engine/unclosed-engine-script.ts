/** Child script of executor-lifecycle.test: runs one job and "forgets" engine.close(); must still exit. */
import { createEngine } from '../../../core/engine/index.js';
import { loadTestRegistry, request } from './engine-harness.js';

const engine = createEngine({ registry: await loadTestRegistry() });
const outcome = await engine.run(request(process.argv[2]!, [{ capability: 'analysis.test-empty' }]));
process.stdout.write(JSON.stringify({ status: outcome.status, executorPid: engine.executor.pid }));
