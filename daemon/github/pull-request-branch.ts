/**
 * Where a task asked for on a pull request lands: on the pull request's own branch when its author
 * allows it — the head is a branch of the same repository, or a fork whose author ticked "Allow edits
 * from maintainers" (`maintainer_can_modify`) — else on a new branch and pull request from the default
 * branch, as on an issue. Read from `GET /pulls/{n}` when the task starts and again before pushing (the
 * author may have withdrawn the permission, or closed the pull request, in between).
 */
import type { GithubOctokit } from './github-client.js';
import { repositoryName, safeRef, type RepositoryName } from './repository-names.js';

export interface PullRequestBranch {
  /** The head repository (the fork's, when it is one). */
  repository: RepositoryName;
  branch: string;
  fork: boolean;
}

export interface BranchDecision {
  /** The pull request's branch to push to, or null for a new branch + pull request. */
  target: PullRequestBranch | null;
  /** Why, in words for the plan comment. */
  reason: string;
}

interface PullPayload {
  state?: string;
  maintainer_can_modify?: boolean;
  head?: { ref?: string; repo?: { full_name?: string } | null };
}

export async function pullRequestBranch(octokit: GithubOctokit, base: RepositoryName, pullNumber: number): Promise<BranchDecision> {
  const { data } = await octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', {
    owner: base.owner,
    repo: base.repo,
    pull_number: pullNumber,
  });
  return branchDecision(base, data as PullPayload);
}

export function branchDecision(base: RepositoryName, pull: PullPayload): BranchDecision {
  const headName = pull.head?.repo?.full_name;
  if (pull.state !== undefined && pull.state !== 'open')
    return { target: null, reason: `this pull request is ${pull.state}, so a new branch and pull request are used` };
  if (typeof headName !== 'string')
    return { target: null, reason: "the pull request's head repository is gone, so a new branch and pull request are used" };
  const repository = repositoryName(headName);
  const branch = safeRef(pull.head?.ref);
  if (repository.fullName === base.fullName)
    return { target: { repository, branch, fork: false }, reason: 'its branch is in this repository' };
  if (pull.maintainer_can_modify === true)
    return {
      target: { repository, branch, fork: true },
      reason: `the author of this pull request from \`${repository.fullName}\` allows edits from maintainers`,
    };
  return {
    target: null,
    reason: `the author of this pull request from \`${repository.fullName}\` does not allow edits from maintainers, so a new branch and pull request are used`,
  };
}
