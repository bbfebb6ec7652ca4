/**
 * A module-resolution hook for a child process: `--import=<the returned module>` in its NODE_OPTIONS
 * appends the URL of every module it resolves to `out`.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tempDir } from '../../core/scan/sample-project.js';

/** Writes a hook module that appends each resolved URL to `out`, and its registration module. */
export function recorder(out: string): string {
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
