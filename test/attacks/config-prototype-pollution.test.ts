/**
 * Issue #15 §5: a configuration file with `{"__proto__": {...}}` (also nested) polluted Object.prototype
 * and crashed start-up with a raw stack trace. Now it is refused with one clear line naming the key and
 * the file, through the real CLI.
 */
import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cleanEnv, runAgentd } from '../cli/support/agentd-process.js';

describe('attack: __proto__ / constructor / prototype keys in a configuration file', function () {
  this.timeout(60_000);
  let folder: string;
  before(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'agentd-attack-config-'));
  });
  after(() => rm(folder, { recursive: true, force: true }));

  const cases: Array<[string, string, string]> = [
    ['top level', '{"__proto__": {"server": {"port": "x"}, "polluted": true}}', '__proto__'],
    ['nested', '{"server": {"port": 3000, "__proto__": {"host": "0.0.0.0"}}}', 'server.__proto__'],
    ['constructor.prototype', '{"limits": {"constructor": {"prototype": {"maxToolCalls": 1}}}}', 'limits.constructor'],
  ];
  for (const [name, text, key] of cases) {
    for (const dryRun of [true, false]) {
      it(`${name}${dryRun ? ' (--dry-run)' : ''}: exit 1, one line naming "${key}" and the file, no stack trace`, async () => {
        const file = path.join(folder, `${key.replace(/\W/g, '_')}.json`);
        await writeFile(file, text);
        const args = ['start', '--config', file, '--port', '0', ...(dryRun ? ['--dry-run'] : [])];
        const result = await runAgentd(args, cleanEnv());
        expect(result.code).to.equal(1);
        expect(result.stderr).to.include(`has the key "${key}"`).and.to.include(file);
        expect(result.stderr).not.to.match(/\n\s+at /);
        expect(result.stdout).not.to.include('listening');
      });
    }
  }
});
