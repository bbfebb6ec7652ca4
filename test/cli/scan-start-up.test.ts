/**
 * What `agentd scan` loads: a one-shot scan pays for every module it imports, so modules only some
 * runs need stay out of its graph. TypeScript's compiler (~9 MB, read by Node's CommonJS lexer when
 * imported from ES modules) cost ~0.8 s of CPU per scan when core's public surface imported it for a
 * mocha-configuration reader; the plugin manifest reader loads only when plugins are configured.
 * A module-resolution hook records every module the real CLI resolves during a scan.
 */
import { expect } from 'chai';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cleanEnv, runAgentd } from './support/agentd-process.js';
import { SIMPLE, makeProject, tempDir } from '../core/scan/sample-project.js';

/** Writes a hook module that appends each resolved URL to `out`, and its registration module. */
function recorder(out: string): string {
  const dir = tempDir();
  const hooks = path.join(dir, 'hooks.mjs');
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs';\n` +
      `export async function resolve(specifier, context, next) {\n` +
      `  const resolved = await next(specifier, context);\n` +
      `  appendFileSync(${JSON.stringify(out)}, resolved.url + '\\n');\n` +
      `  return resolved;\n}\n`,
  );
  const register = path.join(dir, 'register.mjs');
  writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
  return register;
}

describe('agentd scan start-up', function () {
  this.timeout(120_000);

  it('resolves neither TypeScript nor the plugin manifest reader when no plugin is configured', async () => {
    const root = makeProject({ 'src/add.ts': SIMPLE });
    const out = path.join(tempDir(), 'resolved.txt');
    writeFileSync(out, '');
    const env = cleanEnv({ NODE_OPTIONS: `--import=${pathToFileURL(recorder(out)).href}`, HOME: tempDir() });
    const result = await runAgentd(['scan', root, '--checks', 'all'], env);
    expect(result.code, result.stderr).to.be.oneOf([0, 1]);
    const resolved = readFileSync(out, 'utf8').split('\n').filter(Boolean);
    // The hook saw the scan's own modules: the check that it recorded anything at all.
    expect(resolved.some((url) => url.includes('/dist/capabilities/analysis/complexity'))).to.equal(true);
    expect(resolved.filter((url) => /\/typescript\/lib\/typescript\.js$/.test(url))).to.deep.equal([]);
    expect(resolved.filter((url) => url.includes('/dist/plugins/manifest/'))).to.deep.equal([]);
  });
});
