import { createMemoryBackend } from '../../../daemon/queue/backend.js';
import { describeQueueContract } from './queue-contract.js';

describeQueueContract('memory', async () => createMemoryBackend());
