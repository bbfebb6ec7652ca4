import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { MemoryGithubAppStore, RedisGithubAppStore, type GithubAppStore } from '../../../daemon/github/app-store.js';
import { SHARED_REDIS } from '../queue/redis-test-support.js';

function describeStore(name: string, open: () => Promise<{ store: GithubAppStore; close(): Promise<void> }>) {
  describe(`GitHub App store: ${name}`, () => {
    let opened: { store: GithubAppStore; close(): Promise<void> };
    beforeEach(async () => {
      opened = await open();
    });
    afterEach(() => opened.close());

    it('keeps installations and task threads, and forgets a removed installation', async () => {
      const { store } = opened;
      expect(await store.installation(1)).to.equal(null);
      const record = {
        id: 1,
        account: 'acme',
        repositories: ['acme/a'],
        repositorySelection: 'selected',
        createdAt: 'now',
        updatedAt: 'now',
      };
      await store.saveInstallation(record);
      expect(await store.installation(1)).to.deep.equal(record);
      await store.removeInstallation(1);
      expect(await store.installation(1)).to.equal(null);
      const thread = { jobId: 'j1', workspace: 'github/acme/a/tasks/5', baseBranch: 'main', commentId: 5, commentUrl: 'u' };
      await store.saveThread('acme/a#3', thread);
      expect(await store.thread('acme/a#3')).to.deep.equal(thread);
      expect(await store.thread('acme/a#4')).to.equal(null);
    });
  });
}

describeStore('memory', async () => {
  const store = new MemoryGithubAppStore();
  return { store, close: () => store.close() };
});

describeStore('Redis (what daemons sharing a Redis queue use)', async () => {
  const client = new Redis({ host: SHARED_REDIS.host, port: SHARED_REDIS.port });
  const prefix = `agentd-test:${randomBytes(6).toString('hex')}:github:`;
  const store = new RedisGithubAppStore(client, prefix);
  return {
    store,
    async close() {
      const keys = await client.keys(`${prefix}*`);
      if (keys.length) await client.del(...keys);
      await client.quit();
    },
  };
});
