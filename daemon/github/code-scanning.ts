/**
 * Optional SARIF upload to GitHub code scanning (`github.codeScanning`): the scan of a pull request's
 * head (ref `refs/pull/<n>/head`) and of each push to the default branch (`refs/heads/<branch>`, which
 * code scanning compares pull requests with) goes to `POST /repos/{owner}/{repo}/code-scanning/sarifs`,
 * gzip-compressed and base64-encoded as GitHub requires. Only when the installation's token grants
 * `security_events: write`; otherwise, and when the upload fails, the scan is reported as usual and the
 * reason is said (check-run summary, log) — the check never fails for it.
 */
import { gzipSync } from 'node:zlib';
import type { GithubClient, GithubOctokit } from './github-client.js';
import { describeGithubError } from './github-errors.js';
import type { RepositoryName } from './repository-names.js';

/** GitHub refuses a SARIF file over 10 MB once gzip-compressed. */
export const MAX_GZIPPED_SARIF_BYTES = 10 * 1024 * 1024;

export interface SarifUpload {
  installationId: number;
  repository: RepositoryName;
  sha: string;
  /** refs/heads/<branch> or refs/pull/<n>/head */
  ref: string;
  sarif: string;
}

export interface UploadOutcome {
  uploaded: boolean;
  /** One line for the check-run summary and the log. */
  message: string;
}

export async function uploadSarif(client: GithubClient, octokit: GithubOctokit, upload: SarifUpload): Promise<UploadOutcome> {
  const permissions = await client.permissions(upload.installationId);
  if (permissions.security_events !== 'write')
    return {
      uploaded: false,
      message:
        'Code scanning: not uploaded — the installation does not grant `security_events: write` (Code scanning alerts: Read and write).',
    };
  const gzipped = gzipSync(Buffer.from(upload.sarif, 'utf8'));
  if (gzipped.length > MAX_GZIPPED_SARIF_BYTES)
    return {
      uploaded: false,
      message: `Code scanning: not uploaded — the SARIF file is ${gzipped.length} bytes gzip-compressed, over GitHub's 10 MB.`,
    };
  try {
    const { data } = await octokit.request('POST /repos/{owner}/{repo}/code-scanning/sarifs', {
      owner: upload.repository.owner,
      repo: upload.repository.repo,
      commit_sha: upload.sha,
      ref: upload.ref,
      sarif: gzipped.toString('base64'),
      tool_name: 'agentd',
    });
    return { uploaded: true, message: `Code scanning: SARIF uploaded (analysis \`${String(data.id)}\`).` };
  } catch (error) {
    const token = await client.token(upload.installationId).catch(() => '');
    return { uploaded: false, message: `Code scanning: the SARIF upload failed — ${describeGithubError(error, [token])}.` };
  }
}
