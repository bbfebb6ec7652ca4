/**
 * Real packages for the documentation benches, at pinned commits, from their repositories' snapshots
 * in /work/.mirror/<owner>+<name>/repo (brought by the `fetch` tool; `DOCS_MIRROR` overrides the
 * folder): `git archive` of the package's folder into a temp folder, no install. Nothing of them is in
 * this repository.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const MIRROR = process.env.DOCS_MIRROR ?? '/work/.mirror';

export interface RealPackage {
  repo: string;
  commit: string;
  /** The package's folder inside the repository ('' for the root). */
  folder: string;
}

export const REAL_PACKAGES: RealPackage[] = [
  { repo: 'remeda/remeda', commit: '3b72f9fb6e5174243954467186301d352b742699', folder: 'packages/remeda' },
  { repo: 'immerjs/immer', commit: '061c2425e1c9dff89e4e4189d42af1b7839dfe0a', folder: '' },
];

export const labelOf = (pkg: RealPackage): string => `${pkg.repo}@${pkg.commit.slice(0, 8)}${pkg.folder ? ` (${pkg.folder})` : ''}`;

/** Extracts the package into `into`; null when done, else why not. */
export function materialise(pkg: RealPackage, into: string): string | null {
  const gitDir = path.join(MIRROR, pkg.repo.replace('/', '+'), 'repo');
  if (!existsSync(gitDir)) return `no snapshot of ${pkg.repo} in ${MIRROR}; fetch it`;
  if (spawnSync('git', ['--git-dir', gitDir, 'cat-file', '-e', `${pkg.commit}^{commit}`]).status !== 0)
    return `the snapshot of ${pkg.repo} has no commit ${pkg.commit}`;
  const archive = spawnSync('git', ['--git-dir', gitDir, 'archive', '--format=tar', pkg.commit, ...(pkg.folder ? [pkg.folder] : [])], {
    maxBuffer: 1 << 30,
  });
  if (archive.status !== 0) return `git archive failed: ${archive.stderr.toString().slice(0, 200)}`;
  const strip = pkg.folder ? pkg.folder.split('/').length : 0;
  const tar = spawnSync('tar', ['-x', '-C', into, `--strip-components=${strip}`], { input: archive.stdout });
  return tar.status === 0 ? null : `tar failed: ${tar.stderr.toString().slice(0, 200)}`;
}
