/**
 * `pull_request` opened / synchronize / reopened, and `check_suite` / `check_run` rerequested: a check
 * run on the head commit, in_progress while the head is fetched into the repository's workspace cache
 * and scanned with its own configuration, then completed with annotations on the changed lines (in
 * batches of 50), the summary and the conclusion. A failure anywhere completes the run as failed with
 * the reason (tokens redacted), so a pull request is never left with a check spinning forever.
 */
import { AgentdError } from '../../core/index.js';
import { matchesWorkspacePattern } from '../config/workspace-patterns.js';
import type { Logger } from '../logging/types.js';
import { changedLines, type PullFile } from './changed-lines.js';
import { checkRunOutput } from './check-run-output.js';
import { uploadSarif } from './code-scanning.js';
import { readBaseline, refreshBaseline, type Baseline, type PushTarget } from './default-branch-baseline.js';
import type { GithubClient, GithubOctokit } from './github-client.js';
import { describeGithubError } from './github-errors.js';
import { repositoryName, safeSha, type RepositoryName } from './repository-names.js';
import { scanCheckout } from './scan-process.js';
import { ScanSlots } from './scan-slots.js';
import type { WorkspaceCache } from './workspace-cache.js';

/** GitHub lists at most 3,000 files of a pull request, 100 a page. */
const FILES_PER_PAGE = 100;
const MAX_FILE_PAGES = 30;

export interface CheckTarget {
  installationId: number;
  repository: RepositoryName;
  headSha: string;
  pullNumber: number;
  delivery: string;
  /** The head is in the same repository (not a fork). Unknown (check_suite / check_run) counts as a fork. */
  sameRepository: boolean;
}

export interface PullRequestCheckOptions {
  client: GithubClient;
  cache: WorkspaceCache;
  logger: Logger;
  checkName: string;
  trustedWorkspaces: readonly string[];
  /** Scans at once in this daemon (server.maxConcurrent). */
  maxScans: number;
  /** Aborted when the daemon shuts down: a running scan's process is killed and the check run completed as failed. */
  signal: AbortSignal;
  /** github.codeScanning: upload each scan's SARIF to code scanning (where the installation grants it). */
  codeScanning: boolean;
}

export interface CheckResult {
  checkRunId: number;
  conclusion: string;
  newFindings: number;
  totalFindings: number;
  durationMs: number;
}

interface Payload {
  installation?: { id?: number };
  repository?: { full_name?: string };
  pull_request?: { number?: number; head?: { sha?: string; repo?: { full_name?: string } | null } };
  check_suite?: { head_sha?: string; pull_requests?: { number?: number }[] };
  check_run?: { head_sha?: string; pull_requests?: { number?: number }[]; check_suite?: { head_sha?: string } };
}

/** The check to run for a delivery, or null when the delivery asks for none (or names no pull request). */
export function checkTarget(event: string, action: string | null, payload: unknown, delivery: string): CheckTarget | null {
  const p = payload as Payload;
  let sha: unknown;
  let pull: number | undefined;
  let sameRepository = false;
  if (event === 'pull_request' && (action === 'opened' || action === 'synchronize' || action === 'reopened')) {
    sha = p.pull_request?.head?.sha;
    pull = p.pull_request?.number;
    sameRepository = typeof p.repository?.full_name === 'string' && p.pull_request?.head?.repo?.full_name === p.repository.full_name;
  } else if (event === 'check_suite' && action === 'rerequested') {
    sha = p.check_suite?.head_sha;
    pull = p.check_suite?.pull_requests?.[0]?.number;
  } else if (event === 'check_run' && action === 'rerequested') {
    sha = p.check_run?.head_sha;
    pull = p.check_run?.pull_requests?.[0]?.number;
  } else {
    return null;
  }
  if (typeof pull !== 'number' || typeof p.installation?.id !== 'number') return null;
  return {
    installationId: p.installation.id,
    repository: repositoryName(p.repository?.full_name),
    headSha: safeSha(sha),
    pullNumber: pull,
    delivery,
    sameRepository,
  };
}

/**
 * Whether a pull request's scan may run the project's own code (its ESLint config and plugins): only
 * when the operator trusts the repository's cache folder (security.trustedWorkspaces) and the head is
 * not from a fork (or unknown: a re-requested check). Everything else is scanned without it.
 */
export function scanMayRunProjectCode(target: CheckTarget, headFolder: string, trustedWorkspaces: readonly string[]): boolean {
  return target.sameRepository && matchesWorkspacePattern(headFolder, trustedWorkspaces);
}

export class PullRequestCheck {
  /** Shared with the default branch's baseline scans. */
  readonly slots: ScanSlots;

  constructor(private readonly options: PullRequestCheckOptions) {
    this.slots = new ScanSlots(options.maxScans);
  }

  async run(target: CheckTarget): Promise<CheckResult> {
    const started = Date.now();
    const { client, logger } = this.options;
    const { owner, repo } = target.repository;
    const octokit = await client.installation(target.installationId);
    if (this.options.signal.aborted)
      throw new AgentdError('shutdown', 'The daemon is shutting down; the check was not started (GitHub can redeliver the event).');
    const created = await octokit.request('POST /repos/{owner}/{repo}/check-runs', {
      owner,
      repo,
      name: this.options.checkName,
      head_sha: target.headSha,
      status: 'in_progress',
      started_at: new Date().toISOString(),
      external_id: target.delivery,
      output: { title: 'Scanning the pull request', summary: "agentd is scanning the head commit with the repository's configuration." },
    });
    const checkRunId = Number(created.data.id);
    try {
      const output = await this.scanAndReport(octokit, target, checkRunId);
      const durationMs = Date.now() - started;
      logger.info('pull request check completed', {
        repository: target.repository.fullName,
        pull: target.pullNumber,
        sha: target.headSha,
        checkRunId,
        conclusion: output.conclusion,
        newFindings: output.newFindings,
        durationMs,
      });
      return {
        checkRunId,
        conclusion: output.conclusion,
        newFindings: output.newFindings,
        totalFindings: output.totalFindings,
        durationMs,
      };
    } catch (error) {
      const token = await client.token(target.installationId).catch(() => '');
      const reason = describeGithubError(error, [token]);
      logger.error('pull request check failed', {
        repository: target.repository.fullName,
        pull: target.pullNumber,
        sha: target.headSha,
        checkRunId,
        error: reason,
      });
      await octokit
        .request('PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}', {
          owner,
          repo,
          check_run_id: checkRunId,
          status: 'completed',
          conclusion: 'failure',
          completed_at: new Date().toISOString(),
          output: { title: 'agentd could not scan this pull request', summary: reason },
        })
        .catch((patchError: unknown) =>
          logger.error('check run could not be completed', { checkRunId, error: describeGithubError(patchError, [token]) }),
        );
      return { checkRunId, conclusion: 'failure', newFindings: 0, totalFindings: 0, durationMs: Date.now() - started };
    }
  }

  private async scanAndReport(octokit: GithubOctokit, target: CheckTarget, checkRunId: number) {
    const { cache, client } = this.options;
    const { owner, repo } = target.repository;
    const projectCode = scanMayRunProjectCode(target, cache.relative(target.repository, 'head'), this.options.trustedWorkspaces);
    // The token is asked for once the scan's turn has come (a long wait must not outlive it).
    const fetchAndScan = async () => {
      const token = await client.token(target.installationId);
      return scanCheckout(
        await cache.checkoutHead(target.repository, target.headSha, target.pullNumber, token),
        projectCode,
        this.options.signal,
        { sarif: this.options.codeScanning },
      );
    };
    const [scan, files] = await Promise.all([
      this.slots.run(() => cache.exclusive(target.repository, fetchAndScan)),
      this.pullFiles(octokit, target),
    ]);
    const baseline: Baseline | null = await readBaseline(cache, target.repository);
    const notes: string[] = [];
    if (scan.sarif !== null) {
      const upload = await uploadSarif(client, octokit, {
        installationId: target.installationId,
        repository: target.repository,
        sha: target.headSha,
        ref: `refs/pull/${target.pullNumber}/head`,
        sarif: scan.sarif,
      });
      this.options.logger.info('code scanning upload', { repository: target.repository.fullName, sha: target.headSha, ...upload });
      notes.push(upload.message);
    }
    const output = checkRunOutput(scan, changedLines(files), baseline, notes);
    const batches = output.annotationBatches.length > 0 ? output.annotationBatches : [[]];
    for (const [index, annotations] of batches.entries()) {
      const last = index === batches.length - 1;
      await octokit.request('PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}', {
        owner,
        repo,
        check_run_id: checkRunId,
        ...(last ? { status: 'completed', conclusion: output.conclusion, completed_at: new Date().toISOString() } : {}),
        output: { title: output.title, summary: output.summary, annotations },
      });
    }
    return output;
  }

  /** A push to the default branch: its scan becomes the baseline (and goes to code scanning when enabled). */
  async refreshBaseline(target: PushTarget): Promise<Baseline | null> {
    const { client, cache, logger, codeScanning, trustedWorkspaces, signal } = this.options;
    return refreshBaseline(target, {
      client,
      cache,
      logger,
      signal,
      slots: this.slots,
      // The default branch is the repository's own: the rule of a same-repository pull request.
      projectCode: (folder) => matchesWorkspacePattern(folder, trustedWorkspaces),
      ...(codeScanning
        ? {
            afterScan: async (push, scan) => {
              if (scan.sarif === null) return;
              const octokit = await client.installation(push.installationId);
              const upload = await uploadSarif(client, octokit, {
                installationId: push.installationId,
                repository: push.repository,
                sha: push.sha,
                ref: `refs/heads/${push.branch}`,
                sarif: scan.sarif,
              });
              logger.info('code scanning upload', { repository: push.repository.fullName, sha: push.sha, ...upload });
            },
          }
        : {}),
    });
  }

  private async pullFiles(octokit: GithubOctokit, target: CheckTarget): Promise<PullFile[]> {
    const files: PullFile[] = [];
    for (let page = 1; page <= MAX_FILE_PAGES; page++) {
      const { data } = await octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}/files', {
        owner: target.repository.owner,
        repo: target.repository.repo,
        pull_number: target.pullNumber,
        per_page: FILES_PER_PAGE,
        page,
      });
      files.push(...(data as PullFile[]));
      if (data.length < FILES_PER_PAGE) break;
    }
    return files;
  }
}
