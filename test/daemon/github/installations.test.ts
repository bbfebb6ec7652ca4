import { expect } from 'chai';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deliver, startAppWorld, type AppWorld } from './github-support.js';

const INSTALLATION = {
  id: 31,
  account: { login: 'acme', type: 'Organization' },
  repository_selection: 'selected',
  app_id: 4242,
  target_type: 'Organization',
};
const repo = (fullName: string) => ({ id: fullName.length, name: fullName.split('/')[1], full_name: fullName, private: true });

describe('GitHub App: installation lifecycle in the store', function () {
  this.timeout(60_000);
  let world: AppWorld;
  before(async () => {
    world = await startAppWorld();
  });
  after(() => world?.close());

  const store = () => world.daemon.daemon.github!.store;
  const cacheOf = (name: string) => path.join(world.daemon.workspace, 'github', ...name.split('/'));
  const until = async <T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> => {
    for (let i = 0; i < 200; i++) {
      const value = await read();
      if (ok(value)) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the store never reached the expected state');
  };

  it('installation created records the account and its repositories', async () => {
    const reply = await deliver(world.daemon.url, 'installation', {
      action: 'created',
      installation: INSTALLATION,
      repositories: [repo('acme/widgets'), repo('acme/greeter')],
      sender: { login: 'admin' },
    });
    expect(reply.body).to.include({ handled: true });
    const record = await until(
      () => store().installation(31),
      (r) => r !== null,
    );
    expect(record).to.deep.include({
      id: 31,
      account: 'acme',
      repositorySelection: 'selected',
      repositories: ['acme/greeter', 'acme/widgets'],
    });
  });

  it('repositories added and removed update the record; a removed repository loses its workspace cache', async () => {
    for (const name of ['acme/widgets', 'acme/greeter']) {
      mkdirSync(path.join(cacheOf(name), 'head'), { recursive: true });
      writeFileSync(path.join(cacheOf(name), 'head', 'a.js'), 'x\n');
    }
    await deliver(world.daemon.url, 'installation_repositories', {
      action: 'added',
      installation: INSTALLATION,
      repositories_added: [repo('acme/tools')],
      repositories_removed: [],
      repository_selection: 'selected',
    });
    await until(
      () => store().installation(31),
      (r) => r!.repositories.includes('acme/tools'),
    );
    await deliver(world.daemon.url, 'installation_repositories', {
      action: 'removed',
      installation: INSTALLATION,
      repositories_added: [],
      repositories_removed: [repo('acme/widgets')],
      repository_selection: 'selected',
    });
    const record = await until(
      () => store().installation(31),
      (r) => !r!.repositories.includes('acme/widgets'),
    );
    expect(record!.repositories).to.deep.equal(['acme/greeter', 'acme/tools']);
    expect(existsSync(cacheOf('acme/widgets'))).to.equal(false);
    expect(existsSync(cacheOf('acme/greeter'))).to.equal(true);
  });

  it('installation deleted forgets it and deletes the caches of its repositories', async () => {
    await deliver(world.daemon.url, 'installation', {
      action: 'deleted',
      installation: INSTALLATION,
      repositories: [repo('acme/greeter'), repo('acme/tools')],
    });
    await until(
      () => store().installation(31),
      (r) => r === null,
    );
    expect(existsSync(cacheOf('acme/greeter'))).to.equal(false);
  });

  it('a payload naming a repository outside owner/name is not acted on (no path escapes the cache)', async () => {
    const outside = path.join(world.daemon.workspace, 'keep');
    mkdirSync(outside, { recursive: true });
    const reply = await deliver(world.daemon.url, 'installation_repositories', {
      action: 'removed',
      installation: { ...INSTALLATION, id: 32 },
      repositories_added: [],
      repositories_removed: [{ full_name: '../../keep' }],
    });
    expect(reply.status).to.equal(202);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(existsSync(outside)).to.equal(true);
    expect(await store().installation(32)).to.equal(null);
    expect(world.daemon.output()).to.include('GitHub delivery failed');
  });
});
