/**
 * What the GitHub App remembers: its installations (account, repositories; from `installation` and
 * `installation_repositories` events) and the task threads (an issue or pull request whose `/agentd`
 * comment started a job, so `/agentd approve` on it finds the job). In memory for one daemon; in Redis
 * (JSON values under the security prefix) when daemons share a Redis queue, so any of them can answer.
 */
import type { Redis } from 'ioredis';

export interface InstallationRecord {
  id: number;
  account: string;
  /** "owner/name" of the repositories the App may see (all the account's when repositorySelection is "all" and none were listed). */
  repositories: string[];
  repositorySelection: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface TaskThread {
  jobId: string;
  /** The folder of the task's clone, relative to workspace.path. */
  workspace: string;
  /** The branch the clone was made from and the pull request will target. */
  baseBranch: string;
  /**
   * A task on a pull request whose author allows it: the pull request's own branch (in its head
   * repository, "owner/name") the approved change is pushed to, instead of a new branch and pull request.
   */
  pushTo?: { repository: string; branch: string; fork: boolean };
  /** Where approval lands and why, as the plan comment says it (tasks on pull requests). */
  landing?: string;
  commentId: number;
  commentUrl: string;
  /** Set once the plan comment is posted, the branch pushed, the pull request opened. */
  planCommentId?: number;
  pullRequestUrl?: string;
}

export interface GithubAppStore {
  installation(id: number): Promise<InstallationRecord | null>;
  saveInstallation(record: InstallationRecord): Promise<void>;
  removeInstallation(id: number): Promise<void>;
  /** `key`: "owner/repo#number" */
  thread(key: string): Promise<TaskThread | null>;
  saveThread(key: string, thread: TaskThread): Promise<void>;
  close(): Promise<void>;
}

export class MemoryGithubAppStore implements GithubAppStore {
  private readonly installations = new Map<number, InstallationRecord>();
  private readonly threads = new Map<string, TaskThread>();

  async installation(id: number): Promise<InstallationRecord | null> {
    return this.installations.get(id) ?? null;
  }

  async saveInstallation(record: InstallationRecord): Promise<void> {
    this.installations.set(record.id, structuredClone(record));
  }

  async removeInstallation(id: number): Promise<void> {
    this.installations.delete(id);
  }

  async thread(key: string): Promise<TaskThread | null> {
    return this.threads.get(key) ?? null;
  }

  async saveThread(key: string, thread: TaskThread): Promise<void> {
    this.threads.set(key, { ...thread });
  }

  async close(): Promise<void> {
    this.installations.clear();
    this.threads.clear();
  }
}

export class RedisGithubAppStore implements GithubAppStore {
  /** `client` is the security parts' shared connection, closed by its owner. */
  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
  ) {}

  async installation(id: number): Promise<InstallationRecord | null> {
    return this.read<InstallationRecord>(`installation:${id}`);
  }

  async saveInstallation(record: InstallationRecord): Promise<void> {
    await this.client.set(`${this.prefix}installation:${record.id}`, JSON.stringify(record));
  }

  async removeInstallation(id: number): Promise<void> {
    await this.client.del(`${this.prefix}installation:${id}`);
  }

  async thread(key: string): Promise<TaskThread | null> {
    return this.read<TaskThread>(`thread:${key}`);
  }

  async saveThread(key: string, thread: TaskThread): Promise<void> {
    await this.client.set(`${this.prefix}thread:${key}`, JSON.stringify(thread));
  }

  async close(): Promise<void> {
    /* the shared client is closed by its owner */
  }

  private async read<T>(key: string): Promise<T | null> {
    const text = await this.client.get(`${this.prefix}${key}`);
    return text === null ? null : (JSON.parse(text) as T);
  }
}
