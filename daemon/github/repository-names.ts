/**
 * Owner and repository names as GitHub allows them, checked before they name a folder or a URL: they
 * come from webhook payloads, and a name like ".." must never reach a path.
 */
import { AgentdError } from '../../core/index.js';

const NAME = /^[A-Za-z0-9_.-]{1,100}$/;

export interface RepositoryName {
  owner: string;
  repo: string;
  /** "owner/repo" */
  fullName: string;
}

export function repositoryName(fullName: unknown): RepositoryName {
  const parts = typeof fullName === 'string' ? fullName.split('/') : [];
  const [owner, repo] = parts;
  if (parts.length !== 2 || !owner || !repo || !NAME.test(owner) || !NAME.test(repo) || /^\.+$/.test(owner) || /^\.+$/.test(repo)) {
    throw new AgentdError(
      'validation_failed',
      `The webhook names the repository ${JSON.stringify(fullName)}, which is not "owner/name" as GitHub spells them.`,
    );
  }
  return { owner, repo, fullName: `${owner}/${repo}` };
}

/** A branch name agentd creates or checks out: git's rules, narrowed (no leading "-", no "..", no spaces). */
export function safeRef(ref: unknown): string {
  if (
    typeof ref !== 'string' ||
    !/^[A-Za-z0-9][A-Za-z0-9/_.-]{0,200}$/.test(ref) ||
    ref.includes('..') ||
    ref.endsWith('.lock') ||
    ref.endsWith('/')
  ) {
    throw new AgentdError('validation_failed', `The ref ${JSON.stringify(ref)} is not a branch name agentd checks out.`);
  }
  return ref;
}

export function safeSha(sha: unknown): string {
  if (typeof sha !== 'string' || !/^[0-9a-f]{40}$/.test(sha))
    throw new AgentdError('validation_failed', `${JSON.stringify(sha)} is not a commit id.`);
  return sha;
}
