/**
 * What a child process loads: `--import=<the returned module>` in its NODE_OPTIONS appends to `out`
 * one line per module it loads, as
 * - `file:…` — an ES module Node resolved (a module-resolution hook);
 * - `cjs:<path>` — a file `require` resolved (the CommonJS loader's `_resolveFilename`);
 * - `bundled:<path under dist/>` — a module of the scan bundle initialised (the bundle announces each
 *   to `globalThis.__agentdModuleInitialised`, scripts/bundle-scan.mjs).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tempDir } from '../../core/scan/sample-project.js';

/** Writes the hook modules and returns the one to pass to `--import`. */
export function recorder(out: string): string {
  const dir = tempDir();
  const hooks = path.join(dir, 'hooks.mjs');
  const record = `(line) => appendFileSync(${JSON.stringify(out)}, line + '\\n')`;
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs';\n` +
      `const record = ${record};\n` +
      `export async function resolve(specifier, context, next) {\n` +
      `  const resolved = await next(specifier, context);\n` +
      `  record(resolved.url);\n` +
      `  return resolved;\n}\n`,
  );
  const register = path.join(dir, 'register.mjs');
  writeFileSync(
    register,
    `import { appendFileSync } from 'node:fs';\n` +
      `import Module, { register } from 'node:module';\n` +
      `const record = ${record};\n` +
      `register(${JSON.stringify(pathToFileURL(hooks).href)});\n` +
      `const resolveFilename = Module._resolveFilename;\n` +
      `Module._resolveFilename = function (...args) {\n` +
      `  const file = resolveFilename.apply(this, args);\n` +
      `  record('cjs:' + file);\n` +
      `  return file;\n};\n` +
      `globalThis.__agentdModuleInitialised = (module) => record('bundled:' + module);\n`,
  );
  return register;
}
