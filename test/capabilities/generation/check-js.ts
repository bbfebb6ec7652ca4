/**
 * `tsc --checkJs` (strict) over generated JSDoc-typed JavaScript, as an editor would check it: a
 * check-only tsconfig written into the project copy. Shared by the hook tests and bench/generation-ui.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

const CHECK_JS = {
  allowJs: true,
  checkJs: true,
  strict: true,
  noEmit: true,
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'bundler',
  lib: ['ES2022', 'DOM'],
  skipLibCheck: true,
};

/** Writes `file` (relative to `root`): the check-only tsconfig over `include`, with these `types`. */
export async function writeCheckJsConfig(root: string, file: string, include: string[], types: string[]): Promise<void> {
  await writeFile(path.join(root, file), JSON.stringify({ compilerOptions: { ...CHECK_JS, types }, include }));
}
