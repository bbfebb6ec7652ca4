/** fs, fs/promises, fs-extra, graceful-fs: paths from input escape the intended folder with `../`. */
import type { LibraryModel } from './types.js';

const FS = ['fs', 'node:fs', 'fs/promises', 'node:fs/promises', 'fs-extra', 'graceful-fs'];
const ONE = [
  'readFile',
  'readFileSync',
  'writeFile',
  'writeFileSync',
  'appendFile',
  'appendFileSync',
  'createReadStream',
  'createWriteStream',
  'open',
  'openSync',
  'unlink',
  'unlinkSync',
  'rm',
  'rmSync',
  'rmdir',
  'rmdirSync',
  'readdir',
  'readdirSync',
  'stat',
  'statSync',
  'lstat',
  'access',
  'mkdir',
  'mkdirSync',
  'truncate',
  'opendir',
  'readJson',
  'readJsonSync',
  'writeJson',
  'writeJsonSync',
  'outputFile',
  'outputFileSync',
  'remove',
  'removeSync',
  'readlink',
  'chmod',
];
const TWO = ['copyFile', 'copyFileSync', 'rename', 'renameSync', 'symlink', 'link', 'cp', 'cpSync', 'copy', 'copySync', 'move', 'moveSync'];
const both = (names: string[]): string[] => names.flatMap((n) => [n, `promises.${n}`]);
const FIX =
  'Resolve the path against a base folder and check it stays inside (path.resolve + startsWith), or keep only path.basename(name).';

export const model: LibraryModel = {
  id: 'node-fs',
  title: 'Node fs and fs-extra',
  modules: FS,
  assumedLocals: ['fs', 'fsp'],
  sinks: [
    { ruleId: 'security/path-traversal', kind: 'path', callee: { module: FS, path: both(ONE) }, args: [0], fix: FIX },
    { ruleId: 'security/path-traversal', kind: 'path', callee: { module: FS, path: both(TWO) }, args: [0, 1], fix: FIX },
  ],
  sanitizers: [{ names: ['path.basename', 'basename', 'sanitizeFilename', 'sanitize-filename'], kinds: ['path'] }],
};
