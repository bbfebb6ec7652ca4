import { describeQueueContract } from './queue-contract.js';
import { deleteKeys, openTestBackend, testPrefix } from './redis-test-support.js';

const prefixes: string[] = [];

describeQueueContract('redis (BullMQ)', async () => {
  const prefix = testPrefix();
  prefixes.push(prefix);
  return openTestBackend(prefix);
});

after(async () => {
  for (const prefix of prefixes.splice(0)) await deleteKeys(prefix);
});
