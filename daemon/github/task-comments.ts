/**
 * `/agentd` commands in issue and pull-request comments (`issue_comment` created). The commenter's
 * permission is checked through the API (admin or write; anyone else gets a polite refusal), then:
 * a task is planned as a task job (origin: the repository, issue and comment) in a fresh clone of the
 * default branch, and its plan posted with each step's diff collapsed; `approve` applies and verifies
 * it (the job's own approval flow), then commits on a new branch with the App's identity, pushes and
 * opens a pull request that references the comment. Every failure is answered with a comment and
 * logged (tokens redacted), and noted in the job record when there is a job.
 */
import { type JobLink } from './dashboard-link.js';
import { AgentdError } from '../../core/index.js';
import type { JobService } from '../jobs/job-service.js';
import type { JobStore } from '../jobs/job-store.js';
import { isFinal, type JobOrigin, type JobRecord, type JobStatus } from '../jobs/job-record.js';
import type { Logger } from '../logging/types.js';
import type { GithubAppStore, TaskThread } from './app-store.js';
import { HELP_TEXT, parseCommand, type AgentdCommand } from './comment-command.js';
import type { GithubClient, GithubOctokit } from './github-client.js';
import { describeGithubError } from './github-errors.js';
import { git, remoteUrl } from './git-remote.js';
import { repositoryName, safeRef, type RepositoryName } from './repository-names.js';
import { pullRequestBranch, type BranchDecision } from './pull-request-branch.js';
import { failureComment, planComment, pullRequestBody, questionComment, refusalComment } from './task-comments-format.js';
import type { WorkspaceCache } from './workspace-cache.js';

const WRITE_PERMISSIONS = new Set(['admin', 'maintain', 'write']);
const SETTLED: JobStatus[] = ['awaiting_approval', 'succeeded', 'failed', 'cancelled'];
const POLL_MS = 200;

export interface TaskCommentsOptions {
  client: GithubClient;
  cache: WorkspaceCache;
  store: GithubAppStore;
  service: JobService;
  jobs: JobStore;
  logger: Logger;
  gitUrl: string;
  /** The job's dashboard page, when the dashboard is on and github.publicUrl is set (dashboard-link.ts). */
  jobLink: JobLink;
  /** How long to wait for a job to settle before saying so in a comment. */
  waitMs: number;
  /** Aborted when the daemon shuts down: waiting for a job stops (the comment says so). */
  signal: AbortSignal;
}

interface Payload {
  action?: string;
  installation?: { id?: number };
  repository?: { full_name?: string; default_branch?: string };
  issue?: { number?: number; pull_request?: unknown };
  comment?: { id?: number; body?: string; html_url?: string; user?: { login?: string; type?: string } };
}

/** What one comment asks, checked for shape; null when it is not an /agentd command for us. */
export interface CommentRequest {
  command: AgentdCommand;
  installationId: number;
  repository: RepositoryName;
  defaultBranch: string;
  issue: number;
  pullRequest: boolean;
  commentId: number;
  commentUrl: string;
  login: string;
  delivery: string;
}

export function commentRequest(event: string, payload: unknown, delivery: string): CommentRequest | null {
  const p = payload as Payload;
  if (event !== 'issue_comment' || p.action !== 'created') return null;
  if (p.comment?.user?.type === 'Bot') return null; // never answer ourselves (or another bot)
  const command = parseCommand(p.comment?.body);
  if (
    !command ||
    typeof p.installation?.id !== 'number' ||
    typeof p.issue?.number !== 'number' ||
    typeof p.comment?.id !== 'number' ||
    !p.comment.user?.login
  )
    return null;
  return {
    command,
    installationId: p.installation.id,
    repository: repositoryName(p.repository?.full_name),
    defaultBranch: safeRef(p.repository?.default_branch ?? 'main'),
    issue: p.issue.number,
    pullRequest: p.issue.pull_request !== undefined && p.issue.pull_request !== null,
    commentId: p.comment.id,
    commentUrl: String(p.comment.html_url ?? ''),
    login: p.comment.user.login,
    delivery,
  };
}

/** The end of the plan comment's "Reply `/agentd approve` to apply it, verify it and …". */
function landingText(decision: BranchDecision): string {
  const where = decision.target
    ? `push a commit to this pull request's branch \`${decision.target.branch}\`${decision.target.fork ? ` in ${decision.target.repository.fullName}` : ''}`
    : 'open a pull request from a new branch off the default branch';
  return `${where} (${decision.reason})`;
}

export class TaskComments {
  constructor(private readonly options: TaskCommentsOptions) {}

  async handle(request: CommentRequest): Promise<void> {
    const octokit = await this.options.client.installation(request.installationId);
    const say = (body: string) => this.comment(octokit, request, body);
    try {
      const permission = await this.permission(octokit, request);
      if (!WRITE_PERMISSIONS.has(permission)) {
        this.options.logger.info('GitHub /agentd command refused: no write permission', {
          repository: request.repository.fullName,
          login: request.login,
          permission,
        });
        await say(refusalComment(request.login, request.repository.fullName, permission));
        return;
      }
      switch (request.command.kind) {
        case 'help':
          return void (await say(HELP_TEXT));
        case 'task':
          return await this.startTask(octokit, request, request.command.task);
        case 'approve':
          return await this.approve(octokit, request);
        case 'refine':
          return await this.refine(octokit, request, request.command.message);
        case 'cancel':
          return await this.cancel(octokit, request);
      }
    } catch (error) {
      const token = await this.options.client.token(request.installationId).catch(() => '');
      const reason = describeGithubError(error, [token]);
      this.options.logger.error('GitHub /agentd command failed', {
        repository: request.repository.fullName,
        issue: request.issue,
        command: request.command.kind,
        error: reason,
      });
      await say(failureComment(`carry out \`/agentd ${request.command.kind}\``, null, reason)).catch(() => undefined);
    }
  }

  private async permission(octokit: GithubOctokit, request: CommentRequest): Promise<string> {
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/collaborators/{username}/permission', {
      owner: request.repository.owner,
      repo: request.repository.repo,
      username: request.login,
    });
    return String(data.permission ?? 'none');
  }

  private threadKey(request: CommentRequest): string {
    return `${request.repository.fullName}#${request.issue}`;
  }

  private async startTask(octokit: GithubOctokit, request: CommentRequest, task: string): Promise<void> {
    const { cache, client, service, store } = this.options;
    const token = await client.token(request.installationId);
    // On a pull request whose author allows it, the task works on (and approval pushes to) its branch.
    const decision = request.pullRequest ? await pullRequestBranch(octokit, request.repository, request.issue) : null;
    const target = decision?.target ?? null;
    const workspace = target
      ? await cache.cloneForTask(request.repository, String(request.commentId), target.branch, token, target.repository)
      : await cache.cloneForTask(request.repository, String(request.commentId), request.defaultBranch, token);
    const origin: JobOrigin = {
      source: 'github',
      repository: request.repository.fullName,
      installationId: request.installationId,
      issue: request.issue,
      pullRequest: request.pullRequest,
      commentId: request.commentId,
      commentUrl: request.commentUrl,
      sender: request.login,
      delivery: request.delivery,
    };
    // The delivery id is the idempotency key: a redelivery (even to another daemon) finds this job.
    // A fork's code is its author's, not a writer's: its verification never runs project code.
    const { job } = await service.submit(
      {
        task,
        workspace,
        mode: 'approval',
        idempotencyKey: `github:${request.delivery}`,
        ...(target?.fork ? { allowProjectCode: false } : {}),
      },
      origin,
    );
    const thread: TaskThread = {
      jobId: job.id,
      workspace,
      baseBranch: request.defaultBranch,
      commentId: request.commentId,
      commentUrl: request.commentUrl,
      ...(target ? { pushTo: { repository: target.repository.fullName, branch: target.branch, fork: target.fork } } : {}),
      ...(decision ? { landing: landingText(decision) } : {}),
    };
    await store.saveThread(this.threadKey(request), thread);
    this.options.logger.info('GitHub task job started', {
      job: job.id,
      repository: request.repository.fullName,
      issue: request.issue,
      comment: request.commentId,
      pushTo: target ? `${target.repository.fullName}:${target.branch}` : null,
    });
    await this.reportPlan(octokit, request, thread, await this.settle(job.id, job.turns.length));
  }

  private async reportPlan(octokit: GithubOctokit, request: CommentRequest, thread: TaskThread, job: JobRecord): Promise<void> {
    if (job.status === 'awaiting_approval') {
      const posted = await this.comment(octokit, request, planComment(job, this.options.jobLink(job.id), thread.landing));
      await this.options.store.saveThread(this.threadKey(request), { ...thread, planCommentId: posted });
    } else if (job.status === 'succeeded' && job.question) {
      await this.comment(octokit, request, questionComment(job));
    } else if (job.status === 'succeeded') {
      await this.comment(
        octokit,
        request,
        `agentd finished: ${job.turns.at(-1)?.message ?? 'done'}\n\n<sub>agentd job \`${job.id}\`</sub>`,
      );
    } else {
      await this.comment(octokit, request, failureComment('plan this task', job));
    }
  }

  private async activeThread(octokit: GithubOctokit, request: CommentRequest): Promise<{ thread: TaskThread; job: JobRecord } | null> {
    const thread = await this.options.store.thread(this.threadKey(request));
    const job = thread ? await this.options.jobs.get(thread.jobId) : null;
    if (!thread || !job) {
      await this.comment(octokit, request, 'No agentd task was started here yet; start one with `/agentd <task>`.');
      return null;
    }
    return { thread, job };
  }

  private async approve(octokit: GithubOctokit, request: CommentRequest): Promise<void> {
    const active = await this.activeThread(octokit, request);
    if (!active) return;
    const { thread, job } = active;
    if (job.status !== 'awaiting_approval') {
      await this.comment(
        octokit,
        request,
        `The agentd task here is \`${job.status}\`, not waiting for approval; nothing was applied.\n\n<sub>agentd job \`${job.id}\`</sub>`,
      );
      return;
    }
    const queued = await this.options.service.followUp(job.id, { action: 'approve' });
    const done = await this.settle(job.id, queued.turns.length);
    if (done.status !== 'succeeded') {
      await this.comment(octokit, request, failureComment('apply the plan (nothing was pushed)', done));
      return;
    }
    try {
      if (thread.pushTo) {
        const pushed = await this.pushToPullRequest(octokit, request, thread, done);
        await this.noteOnJob(done.id, `Pushed ${pushed} to ${thread.pushTo.repository}:${thread.pushTo.branch}.`);
        await this.options.cache.removeTask(thread.workspace);
        await this.comment(
          octokit,
          request,
          `:rocket: agentd applied and verified the plan and pushed ${pushed} to this pull request's branch \`${thread.pushTo.branch}\`${thread.pushTo.fork ? ` of ${thread.pushTo.repository}` : ''}.`,
        );
        return;
      }
      const url = await this.publish(octokit, request, thread, done);
      await this.noteOnJob(done.id, `Pushed and opened ${url}.`);
      await this.options.store.saveThread(this.threadKey(request), { ...thread, pullRequestUrl: url });
      await this.options.cache.removeTask(thread.workspace);
      await this.comment(octokit, request, `:rocket: agentd applied and verified the plan and opened ${url}.`);
    } catch (error) {
      const token = await this.options.client.token(request.installationId).catch(() => '');
      const reason = describeGithubError(error, [token]);
      await this.noteOnJob(done.id, `The changes were applied in agentd's clone, but publishing them failed: ${reason}`);
      this.options.logger.error('GitHub task publish failed', { job: done.id, repository: request.repository.fullName, error: reason });
      await this.comment(octokit, request, failureComment('push the branch or open the pull request', done, reason));
    }
  }

  private async refine(octokit: GithubOctokit, request: CommentRequest, message: string): Promise<void> {
    const active = await this.activeThread(octokit, request);
    if (!active) return;
    if (active.job.status === 'queued' || active.job.status === 'running') {
      await this.comment(octokit, request, `The agentd task here is still ${active.job.status}; refine it once its plan is posted.`);
      return;
    }
    const queued = await this.options.service.followUp(active.job.id, { message });
    await this.reportPlan(octokit, request, active.thread, await this.settle(active.job.id, queued.turns.length));
  }

  private async cancel(octokit: GithubOctokit, request: CommentRequest): Promise<void> {
    const active = await this.activeThread(octokit, request);
    if (!active) return;
    if (isFinal(active.job.status)) {
      await this.comment(octokit, request, `The agentd task here already ${active.job.status}; nothing to cancel.`);
      return;
    }
    await this.options.service.cancel(active.job.id);
    if (active.job.status !== 'running') await this.options.cache.removeTask(active.thread.workspace);
    await this.comment(octokit, request, `Cancelled the agentd task; nothing was pushed.\n\n<sub>agentd job \`${active.job.id}\`</sub>`);
  }

  /** Commits the applied changes in the task's clone as the App's bot, on `branch` when given. */
  private async commitChanges(dir: string, thread: TaskThread, job: JobRecord, branch: string | null): Promise<void> {
    const status = await git(['status', '--porcelain'], { cwd: dir });
    if (status.trim() === '') throw new AgentdError('github_git_failed', 'The approved plan changed no file, so there is nothing to push.');
    const identity = await this.options.client.identity();
    const bot = `${identity.slug}[bot]`;
    const email = `${identity.id}+${identity.slug}[bot]@users.noreply.github.com`;
    if (branch) await git(['checkout', '--quiet', '-B', branch], { cwd: dir });
    await git(['add', '--all'], { cwd: dir });
    const message = `agentd: ${(job.task ?? '').slice(0, 72)}\n\nRequested in ${thread.commentUrl}\nagentd job ${job.id}`;
    await git(['-c', `user.name=${bot}`, '-c', `user.email=${email}`, 'commit', '--quiet', '--no-verify', '-m', message], { cwd: dir });
  }

  /**
   * Commits on the pull request's branch and pushes it there (a fast-forward: a branch that moved since
   * the plan is not overwritten, the push fails and the comment says why). The author's permission is
   * read again first. Returns the short commit id.
   */
  private async pushToPullRequest(octokit: GithubOctokit, request: CommentRequest, thread: TaskThread, job: JobRecord): Promise<string> {
    const { cache, client, gitUrl } = this.options;
    const target = thread.pushTo!;
    const now = await pullRequestBranch(octokit, request.repository, request.issue);
    if (!now.target || now.target.repository.fullName !== target.repository || now.target.branch !== target.branch)
      throw new AgentdError('github_git_failed', `Nothing was pushed: ${now.reason} now (it changed since the plan was made).`);
    const dir = cache.absolute(thread.workspace);
    await this.commitChanges(dir, thread, job, null);
    const token = await client.token(request.installationId);
    await git(['push', '--quiet', remoteUrl(gitUrl, repositoryName(target.repository)), `HEAD:refs/heads/${safeRef(target.branch)}`], {
      cwd: dir,
      token,
    });
    return (await git(['rev-parse', '--short=12', 'HEAD'], { cwd: dir })).trim();
  }

  /** Commits the applied changes on a new branch as the App's bot, pushes it and opens the pull request. */
  private async publish(octokit: GithubOctokit, request: CommentRequest, thread: TaskThread, job: JobRecord): Promise<string> {
    const { cache, client, gitUrl } = this.options;
    const dir = cache.absolute(thread.workspace);
    const branch = safeRef(`agentd/${job.id.slice(0, 8)}`);
    await this.commitChanges(dir, thread, job, branch);
    const token = await client.token(request.installationId);
    await git(['push', '--quiet', remoteUrl(gitUrl, request.repository), `HEAD:refs/heads/${branch}`], { cwd: dir, token });
    const { data } = await octokit.request('POST /repos/{owner}/{repo}/pulls', {
      owner: request.repository.owner,
      repo: request.repository.repo,
      title: `agentd: ${(job.task ?? '').slice(0, 200)}`,
      head: branch,
      base: thread.baseBranch,
      body: pullRequestBody(job, thread.commentUrl, this.options.jobLink(job.id)),
    });
    return String(data.html_url);
  }

  private async noteOnJob(id: string, message: string): Promise<void> {
    const at = new Date().toISOString();
    await this.options.jobs
      .update(id, (current) => ({ ...current, turns: [...current.turns, { role: 'agent', message, at }], updatedAt: at }))
      .catch(() => undefined);
  }

  /**
   * Waits until the run that was just queued stops (awaiting approval or final). Every run ends with an
   * agent turn, so the run is over when the record has more turns than `turnsBefore` and the last is the agent's.
   */
  private async settle(id: string, turnsBefore: number): Promise<JobRecord> {
    const deadline = Date.now() + this.options.waitMs;
    for (;;) {
      const job = await this.options.jobs.get(id);
      if (!job) throw new AgentdError('job_not_found', `The task job ${id} disappeared.`);
      if (this.options.signal.aborted)
        throw new AgentdError(
          'shutdown',
          `The daemon shut down while task job ${id} was ${job.status}; GET /jobs/${id} shows where it stopped.`,
        );
      if (SETTLED.includes(job.status) && job.turns.length > turnsBefore && job.turns.at(-1)?.role === 'agent') return job;
      if (Date.now() > deadline)
        throw new AgentdError('unavailable', `The task job ${id} did not settle in time; it is ${job.status} (GET /jobs/${id}).`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  private async comment(octokit: GithubOctokit, request: CommentRequest, body: string): Promise<number> {
    const { data } = await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
      owner: request.repository.owner,
      repo: request.repository.repo,
      issue_number: request.issue,
      body,
    });
    return Number(data.id);
  }
}
