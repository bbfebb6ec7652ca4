/**
 * A published package from agentd's node_modules as a workspace: its package.json and declaration
 * files (what a published package's API is written in) copied to a temp folder, with a minimal
 * tsconfig that documentation.api and TypeDoc both read. For the TypeDoc comparisons (test and bench).
 */
import { cp, mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repo } from './doc-workspace.js';

export async function declarationCopy(name: string): Promise<string> {
  const from = path.join(repo, 'node_modules', name);
  const root = await mkdtemp(path.join(tmpdir(), `agentd-bench-docs-${name}-`));
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(path.join(from, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules') await walk(rel);
      else if (entry.isFile() && (/\.d\.(m|c)?ts$/.test(entry.name) || rel === 'package.json')) {
        await mkdir(path.join(root, dir), { recursive: true });
        await cp(path.join(from, rel), path.join(root, rel));
      }
    }
  };
  await walk('');
  await writeFile(
    path.join(root, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        target: 'ES2022',
        strict: true,
        types: [],
        skipLibCheck: true,
        noEmit: true,
      },
      include: ['**/*.d.ts', '**/*.d.mts', '**/*.d.cts'],
    }),
  );
  return root;
}
