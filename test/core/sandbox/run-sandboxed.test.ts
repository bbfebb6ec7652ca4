import { expect } from 'chai';
import { mkdtemp, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { availableIsolation, HIDDEN_PATHS_VARIABLE, runSandboxed } from '../../../core/sandbox/index.js';

const node = process.execPath;

/** Runs a Node script in the sandbox, in `cwd`. */
function script(
  cwd: string,
  source: string,
  extra: { timeoutMs?: number; memoryMB?: number; maxOutputBytes?: number; readOnly?: string[] } = {},
): ReturnType<typeof runSandboxed> {
  return runSandboxed({ command: node, args: ['-e', source], cwd, ...extra });
}

describe('core/sandbox: runSandboxed', function () {
  this.timeout(30_000);
  let cwd: string;
  const saved = { ...process.env };

  before(async () => {
    cwd = await mkdtemp(path.join(tmpdir(), 'agentd-sandbox-test-'));
  });
  afterEach(() => {
    for (const key of [
      HIDDEN_PATHS_VARIABLE,
      'AGENTD_SANDBOX_ISOLATION',
      'API_KEY',
      'REDIS_URL',
      'AGENTD_ENCRYPTION_KEY',
      'AGENTD_SANDBOX_SERVICES',
      'AGENTD_SANDBOX_ENV',
    ]) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });
  after(() => rm(cwd, { recursive: true, force: true }));

  it('gives the program an allow-listed environment: no secrets of the parent, HOME and TMPDIR in a scratch folder removed afterwards', async () => {
    Object.assign(process.env, {
      API_KEY: 'sandbox-test-api-key-0123456789',
      REDIS_URL: 'redis://:pw@127.0.0.1:6379',
      AGENTD_ENCRYPTION_KEY: 'enc-key-0123456789abcdef',
    });
    const result = await script(cwd, 'process.stdout.write(JSON.stringify(process.env))');
    const env = JSON.parse(result.stdout) as Record<string, string>;
    expect(env).not.to.have.any.keys('API_KEY', 'REDIS_URL', 'AGENTD_ENCRYPTION_KEY', 'NODE_OPTIONS');
    expect(
      Object.keys(env).filter(
        (name) => !/^(PATH|PWD|HOME|TMPDIR|TMP|TEMP|LANG|LANGUAGE|TZ|LC_[A-Z_]+|CI|NO_COLOR|FORCE_COLOR|TERM)$/.test(name),
      ),
    ).to.deep.equal([]);
    expect(env.HOME).to.equal(env.TMPDIR);
    expect(env.HOME).not.to.equal(saved.HOME);
    expect(
      await stat(env.HOME!).then(
        () => 'exists',
        () => 'removed',
      ),
    ).to.equal('removed');
  });

  it('caps the output it keeps and says so', async () => {
    const result = await script(cwd, "process.stdout.write('x'.repeat(5_000_000))", { maxOutputBytes: 1000 });
    expect(result.stdout.length).to.equal(1000);
    expect(result.truncated).to.equal(true);
    expect(result.stderr).to.include('output over 1000 bytes was dropped');
    expect(result.exitCode).to.equal(0);
  });

  it('kills a program over its memory limit', async () => {
    const result = await script(cwd, 'const a = []; for (;;) a.push(new Array(1e6).fill(1));', { memoryMB: 128 });
    expect(result.exitCode).not.to.equal(0);
    expect(result.timedOut).to.equal(false);
  });

  it('kills the whole process tree at the timeout, not only the program it started', async () => {
    const marker = path.join(cwd, 'ticks.txt');
    const grandchild = `setInterval(() => require('fs').appendFileSync(${JSON.stringify(marker)}, '.'), 50)`;
    const child = `require('child_process').spawn(process.execPath, ['-e', ${JSON.stringify(grandchild)}], { stdio: 'ignore' }); setInterval(() => {}, 1000);`;
    // Long enough for both processes to start on a loaded machine (the grandchild must have written before the kill).
    const result = await script(cwd, child, { timeoutMs: 3000 });
    expect(result.timedOut).to.equal(true);
    const size = (await stat(marker)).size;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await stat(marker)).size, 'the grandchild kept writing after the kill').to.equal(size);
  });

  describe('isolation (namespaces where the machine allows them)', () => {
    let isolation: string;
    before(async function () {
      isolation = await availableIsolation();
      // On Linux with unprivileged user namespaces (this project's CI machines) the full level must be there.
      if (process.platform === 'linux') expect(isolation).to.equal('namespaces');
      if (isolation === 'none') this.skip();
    });

    it('has no network: a server on 127.0.0.1 sees no connection', async () => {
      let connections = 0;
      const server = net.createServer((socket) => {
        connections++;
        socket.end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const port = (server.address() as net.AddressInfo).port;
      const result = await script(
        cwd,
        `require('net').connect(${port}, '127.0.0.1').on('connect', () => { console.log('CONNECTED'); process.exit(0) }).on('error', (e) => { console.log(e.code); process.exit(0) })`,
      );
      await new Promise((resolve) => server.close(resolve));
      expect(result.isolation).to.equal(isolation);
      expect(result.stdout).not.to.include('CONNECTED');
      expect(result.stdout.trim()).to.be.oneOf(['ENETUNREACH', 'ECONNREFUSED', 'EACCES']);
      expect(connections).to.equal(0);
    });

    it('reaches the host services it is allowed (a test database) at the same address, and only those; gets the extra variables', async function () {
      if (isolation !== 'namespaces') this.skip();
      const listen = async (): Promise<{ server: net.Server; port: number }> => {
        const server = net.createServer((socket) => socket.end('hello from the host'));
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        return { server, port: (server.address() as net.AddressInfo).port };
      };
      const allowed = await listen();
      const other = await listen();
      process.env.AGENTD_SANDBOX_SERVICES = `127.0.0.1:${allowed.port}`;
      process.env.AGENTD_SANDBOX_ENV = JSON.stringify({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test', HOME: '/root' });
      const probe = (port: number): string =>
        `new Promise((done) => { const s = require('net').connect(${port}, '127.0.0.1'); let b = ''; s.on('data', (c) => (b += c)); s.on('end', () => done(b)); s.on('error', (e) => done(e.code)); })`;
      const result = await script(
        cwd,
        `Promise.all([${probe(allowed.port)}, ${probe(other.port)}]).then((r) => console.log(JSON.stringify([...r, process.env.DATABASE_URL, process.env.HOME === '/root'])))`,
      );
      await Promise.all([allowed, other].map(({ server }) => new Promise((resolve) => server.close(resolve))));
      const [first, second, url, home] = JSON.parse(result.stdout) as [string, string, string, boolean];
      expect(first).to.equal('hello from the host');
      expect(second).to.be.oneOf(['ECONNREFUSED', 'ENETUNREACH', 'EACCES']);
      expect(url).to.equal('postgres://postgres@127.0.0.1:5432/test');
      // The extra variables cannot move HOME out of the scratch folder.
      expect(home).to.equal(false);
    });

    it('has its own loopback: a server the program starts on 127.0.0.1 answers it (HTTP integration tests)', async function () {
      if (isolation !== 'namespaces') this.skip();
      const result = await script(
        cwd,
        `const http = require('http'); const s = http.createServer((q, r) => r.end('pong')).listen(0, '127.0.0.1', () => http.get('http://127.0.0.1:' + s.address().port + '/', (r) => { let b = ''; r.on('data', (c) => (b += c)); r.on('end', () => { console.log(b); s.close(); }); }).on('error', (e) => { console.log(e.code); s.close(); }))`,
      );
      expect(result.stdout.trim()).to.equal('pong');
    });

    it("cannot read the daemon's environment through /proc, nor the files it hides", async function () {
      if (isolation !== 'namespaces') this.skip();
      process.env.API_KEY = 'proc-environ-secret-0123456789';
      const secretDir = await mkdtemp(path.join(tmpdir(), 'agentd-hidden-dir-'));
      const secretFile = path.join(cwd, 'secret-config.json');
      await writeFile(secretFile, '{"apiKey":"file-secret-0123456789"}');
      await writeFile(path.join(secretDir, 'key.pem'), 'PEM-SECRET');
      process.env[HIDDEN_PATHS_VARIABLE] = [secretFile, secretDir].join(path.delimiter);
      const probe = `const fs = require('fs'); let found = [];
        for (const pid of fs.readdirSync('/proc').filter((n) => /^\\d+$/.test(n))) { try { if (fs.readFileSync('/proc/' + pid + '/environ', 'utf8').includes('proc-environ-secret')) found.push(pid); } catch {} }
        const read = (p) => { try { return fs.readFileSync(p, 'utf8'); } catch (e) { return e.code; } };
        const unmount = require('child_process').spawnSync('umount', [${JSON.stringify(secretFile)}]).status;
        console.log(JSON.stringify({ found, parent: ${process.pid} in Object.fromEntries(fs.readdirSync('/proc').map((n) => [n, 1])), file: read(${JSON.stringify(secretFile)}), pem: read(${JSON.stringify(path.join(secretDir, 'key.pem'))}), unmount, after: read(${JSON.stringify(secretFile)}) }))`;
      const result = await script(cwd, probe);
      await rm(secretDir, { recursive: true, force: true });
      const seen = JSON.parse(result.stdout) as Record<string, unknown>;
      expect(seen.found).to.deep.equal([]);
      expect(seen.file).to.equal('');
      expect(seen.pem).to.be.oneOf(['EACCES', 'ENOENT']);
      expect(seen.unmount, 'project code must not be able to unmount what hides the secrets').not.to.equal(0);
      expect(seen.after).to.equal('');
      expect(await readFile(secretFile, 'utf8')).to.include('file-secret');
    });

    it('mounts the folders it is told read-only', async function () {
      if (isolation !== 'namespaces') this.skip();
      const folder = path.join(cwd, 'ro');
      await mkdir(folder, { recursive: true });
      const result = await script(
        cwd,
        `try { require('fs').writeFileSync(${JSON.stringify(path.join(folder, 'x'))}, 'x'); console.log('WROTE') } catch (e) { console.log(e.code) }`,
        { readOnly: [folder] },
      );
      expect(result.stdout.trim()).to.equal('EROFS');
    });
  });

  it('AGENTD_SANDBOX_ISOLATION=none runs without namespaces, still with the allow-listed environment', async () => {
    process.env.AGENTD_SANDBOX_ISOLATION = 'none';
    process.env.API_KEY = 'forced-none-secret-0123456789';
    const result = await script(cwd, 'process.stdout.write(String(process.env.API_KEY))');
    expect(result.isolation).to.equal('none');
    expect(result.stdout).to.equal('undefined');
  });
});
