/**
 * The baseline pull-request checks compare against: the scan of the default branch, refreshed on every
 * `push` to it. A finding on a changed line whose fingerprint (rule, file, whitespace-collapsed source
 * text, occurrence: core/report/fingerprint.ts) the default branch already has — a re-indented or moved
 * line — is not blamed on the pull request. Kept as `github/<owner>/<repo>/baseline.json` beside the
 * working copy (shared by daemons on one workspace folder, deleted with the repository's cache).
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import type { Logger } from '../logging/types.js';
import type { GithubClient } from './github-client.js';
import { git } from './git-remote.js';
import { repositoryName, safeRef, safeSha, type RepositoryName } from './repository-names.js';
import { scanCheckout, type ScanOutcome } from './scan-process.js';
import type { ScanSlots } from './scan-slots.js';
import type { WorkspaceCache } from './workspace-cache.js';

export interface Baseline {
  /** The default branch's commit that was scanned. */
  sha: string;
  branch: string;
  scannedAt: string;
  /** The findings' fingerprints. */
  fingerprints: string[];
}

export interface PushTarget {
  installationId: number;
  repository: RepositoryName;
  branch: string;
  sha: string;
  delivery: string;
}

interface PushPayload {
  ref?: string;
  after?: string;
  deleted?: boolean;
  installation?: { id?: number };
  repository?: { full_name?: string; default_branch?: string };
}

/** A `push` to the repository's default branch (not a deletion), or null. */
export function pushTarget(event: string, payload: unknown, delivery: string): PushTarget | null {
  const p = payload as PushPayload;
  if (event !== 'push' || p.deleted === true || typeof p.installation?.id !== 'number') return null;
  const branch = p.repository?.default_branch;
  if (typeof branch !== 'string' || p.ref !== `refs/heads/${branch}`) return null;
  return {
    installationId: p.installation.id,
    repository: repositoryName(p.repository?.full_name),
    branch: safeRef(branch),
    sha: safeSha(p.after),
    delivery,
  };
}

export async function readBaseline(cache: WorkspaceCache, name: RepositoryName): Promise<Baseline | null> {
  try {
    return JSON.parse(await readFile(cache.absolute(cache.relative(name, 'baseline.json')), 'utf8')) as Baseline;
  } catch {
    return null;
  }
}

async function writeBaseline(cache: WorkspaceCache, name: RepositoryName, baseline: Baseline): Promise<void> {
  const file = cache.absolute(cache.relative(name, 'baseline.json'));
  await writeFile(`${file}.tmp`, JSON.stringify(baseline));
  await rename(`${file}.tmp`, file);
}

export interface BaselineRefreshOptions {
  client: GithubClient;
  cache: WorkspaceCache;
  slots: ScanSlots;
  logger: Logger;
  /** Whether the default branch's scan may run project code (the same rule as a same-repository pull request). */
  projectCode: (headFolder: string) => boolean;
  signal: AbortSignal;
  /** Called with the scan once the baseline is written (the SARIF upload). */
  afterScan?: (target: PushTarget, scan: ScanOutcome) => Promise<void>;
}

/**
 * Fetches the pushed commit into the repository's working copy (taking turns with pull-request scans),
 * scans it and writes the baseline. A push older than the baseline already written (a slow scan
 * finishing after a newer one, on another daemon) leaves it alone.
 */
export async function refreshBaseline(target: PushTarget, options: BaselineRefreshOptions): Promise<Baseline | null> {
  const { cache, client, logger } = options;
  const name = target.repository;
  const started = Date.now();
  const result = await options.slots.run(() =>
    cache.exclusive(name, async () => {
      const token = await client.token(target.installationId);
      const dir = await cache.checkoutHead(name, target.sha, null, token);
      const scan = await scanCheckout(dir, options.projectCode(cache.relative(name, 'head')), options.signal, {
        sarif: options.afterScan !== undefined,
      });
      const current = await readBaseline(cache, name);
      if (current && current.sha !== target.sha && (await isAncestor(dir, target.sha, current.sha))) {
        logger.info('default branch baseline kept: the push is older than it', { repository: name.fullName, sha: target.sha });
        return { baseline: null, scan };
      }
      const baseline: Baseline = {
        sha: target.sha,
        branch: target.branch,
        scannedAt: new Date().toISOString(),
        fingerprints: scan.findings.map((finding) => finding.fingerprint),
      };
      await writeBaseline(cache, name, baseline);
      return { baseline, scan };
    }),
  );
  logger.info('default branch baseline refreshed', {
    repository: name.fullName,
    sha: target.sha,
    findings: result.scan.findings.length,
    written: result.baseline !== null,
    durationMs: Date.now() - started,
  });
  if (options.afterScan) await options.afterScan(target, result.scan);
  return result.baseline;
}

async function isAncestor(dir: string, older: string, newer: string): Promise<boolean> {
  return git(['merge-base', '--is-ancestor', older, newer], { cwd: dir }).then(
    () => true,
    () => false,
  );
}
