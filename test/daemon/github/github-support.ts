/**
 * Shared steps of the GitHub App tests: an App key pair, the fake GitHub (test/support/fake-github),
 * local bare repositories the daemon clones from and pushes to (github.gitUrl = file://...), a real
 * daemon configured as the App, and webhook deliveries signed with the real secret over HTTP.
 */
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AgentdConfig } from '../../../daemon/config/types.js';
import { signBody } from '../../../daemon/security/webhook-signature.js';
import { FakeGithub } from '../../support/fake-github/fake-github.js';
import { request } from '../support/http-client.js';
import type { DaemonDeps } from '../../../daemon/server.js';
import { startSecureDaemon, type SecureDaemon } from '../security/secure-daemon.js';

export const APP_ID = '4242';
export const INSTALLATION_ID = 77;
export const HOOK_SECRET = 'whsec-github-app-tests-4f1c9a7e2b';

export interface AppWorld {
  fake: FakeGithub;
  /** The first of `daemons`. */
  daemon: SecureDaemon;
  daemons: SecureDaemon[];
  /** Folder of bare repositories: <gitRoot>/<owner>/<repo>.git */
  gitRoot: string;
  tmp: string;
  close(): Promise<void>;
}

/** `daemons`: how many daemons to start on the same settings (`deps` gives each its own parts, e.g. a backend). */
export async function startAppWorld(
  configure: (config: AgentdConfig) => void = () => {},
  options: { daemons?: number; deps?: () => Promise<DaemonDeps> } = {},
): Promise<AppWorld> {
  const tmp = mkdtempSync(path.join(tmpdir(), 'agentd-ghapp-'));
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const keyFile = path.join(tmp, 'app.pem');
  writeFileSync(keyFile, privateKey, { mode: 0o600 });
  const gitRoot = path.join(tmp, 'git');
  mkdirSync(gitRoot);
  const fake = new FakeGithub(APP_ID, privateKey);
  fake.gitRoot = gitRoot;
  await fake.start();
  const daemons: SecureDaemon[] = [];
  for (let i = 0; i < (options.daemons ?? 1); i++) {
    daemons.push(
      await startSecureDaemon(
        (config) => {
          config.github = {
            ...config.github,
            appId: APP_ID,
            privateKeyPath: keyFile,
            webhookSecret: HOOK_SECRET,
            apiUrl: fake.url,
            gitUrl: `file://${gitRoot}`,
          };
          configure(config);
        },
        options.deps ? await options.deps() : {},
      ),
    );
  }
  return {
    fake,
    daemon: daemons[0]!,
    daemons,
    gitRoot,
    tmp,
    async close() {
      await Promise.all(daemons.map((daemon) => daemon.close()));
      await fake.stop();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}

function run(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Dev',
      GIT_AUTHOR_EMAIL: 'dev@example.com',
      GIT_COMMITTER_NAME: 'Dev',
      GIT_COMMITTER_EMAIL: 'dev@example.com',
    },
  }).trim();
}

/** A repository on the fake: a bare repository and a working clone the test commits in. */
export class TestRepository {
  readonly bare: string;
  readonly work: string;

  constructor(
    world: AppWorld,
    readonly owner: string,
    readonly name: string,
  ) {
    this.bare = path.join(world.gitRoot, owner, `${name}.git`);
    this.work = path.join(world.tmp, 'work', owner, name);
    mkdirSync(this.bare, { recursive: true });
    run(this.bare, 'init', '--quiet', '--bare', '--initial-branch=main');
    mkdirSync(this.work, { recursive: true });
    run(this.work, 'init', '--quiet', '--initial-branch=main');
    run(this.work, 'remote', 'add', 'origin', this.bare);
  }

  get fullName(): string {
    return `${this.owner}/${this.name}`;
  }

  /** Writes the files (null deletes) on `branch` (created from `from` if new), commits, pushes; the commit id. */
  commit(branch: string, files: Record<string, string | null>, message = 'change', from = 'main'): string {
    const exists = run(this.work, 'branch', '--list', branch) !== '';
    let hasHead = true;
    try {
      run(this.work, 'rev-parse', '--verify', '--quiet', 'HEAD^{commit}');
    } catch {
      hasHead = false;
    }
    if (hasHead) run(this.work, 'checkout', '--quiet', ...(exists ? [branch] : ['-b', branch, from]));
    for (const [file, text] of Object.entries(files)) {
      const full = path.join(this.work, file);
      if (text === null) rmSync(full, { force: true });
      else {
        mkdirSync(path.dirname(full), { recursive: true });
        writeFileSync(full, text);
      }
    }
    run(this.work, 'add', '--all');
    run(this.work, 'commit', '--quiet', '-m', message);
    run(this.work, 'push', '--quiet', '--force', 'origin', `HEAD:refs/heads/${branch}`);
    return run(this.work, 'rev-parse', 'HEAD');
  }

  /** The files of `base...head` as GitHub lists them: status and the patch (the hunks, without the file header). */
  pullFiles(base: string, head: string): { filename: string; status: 'added' | 'modified' | 'removed'; patch: string }[] {
    const statuses = run(this.work, 'diff', '--name-status', `${base}...${head}`).split('\n').filter(Boolean);
    return statuses.map((line) => {
      const [code, filename] = line.split('\t') as [string, string];
      const diff = run(this.work, 'diff', `${base}...${head}`, '--', filename);
      const patch = diff.slice(diff.indexOf('@@'));
      return { filename, status: code === 'A' ? 'added' : code === 'D' ? 'removed' : 'modified', patch };
    });
  }

  /** The branch's commit in the bare repository (what the daemon pushed), or null. */
  branchHead(branch: string): string | null {
    try {
      return run(this.bare, 'rev-parse', '--verify', '--quiet', `refs/heads/${branch}`);
    } catch {
      return null;
    }
  }

  show(ref: string, file: string): string {
    return run(this.bare, 'show', `${ref}:${file}`);
  }
}

export async function deliver(daemonUrl: string, event: string, payload: unknown, delivery: string = randomUUID(), secret = HOOK_SECRET) {
  const body = JSON.stringify(payload);
  return request(daemonUrl, 'POST', '/webhooks/github', body, {
    'content-type': 'application/json',
    'x-github-event': event,
    'x-github-delivery': delivery,
    'x-hub-signature-256': signBody(secret, Buffer.from(body)),
  });
}

/** The parts of GitHub's payloads agentd reads (shaped like GitHub's, with their usual neighbours). */
export function repositoryPayload(repo: TestRepository) {
  return {
    id: 1296269,
    name: repo.name,
    full_name: repo.fullName,
    private: true,
    owner: { login: repo.owner, type: 'Organization' },
    default_branch: 'main',
  };
}

export function pullRequestPayload(repo: TestRepository, action: string, number: number, headSha: string, baseSha: string) {
  return {
    action,
    number,
    pull_request: {
      number,
      state: 'open',
      title: 'Add features',
      head: { ref: 'feature', sha: headSha, repo: repositoryPayload(repo) },
      base: { ref: 'main', sha: baseSha, repo: repositoryPayload(repo) },
      user: { login: 'octocat' },
    },
    repository: repositoryPayload(repo),
    installation: { id: INSTALLATION_ID, node_id: 'MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9uNzc=' },
    sender: { login: 'octocat', type: 'User' },
  };
}

export function commentPayload(
  repo: TestRepository,
  issue: number,
  login: string,
  body: string,
  commentId: number,
  options: { pullRequest?: boolean; userType?: string } = {},
) {
  return {
    action: 'created',
    issue: {
      number: issue,
      title: 'Tidy up',
      state: 'open',
      ...(options.pullRequest ? { pull_request: { url: `https://api.github.example/repos/${repo.fullName}/pulls/${issue}` } } : {}),
    },
    comment: {
      id: commentId,
      body,
      html_url: `https://github.example/${repo.fullName}/issues/${issue}#issuecomment-${commentId}`,
      user: { login, type: options.userType ?? 'User' },
    },
    repository: repositoryPayload(repo),
    installation: { id: INSTALLATION_ID },
    sender: { login, type: options.userType ?? 'User' },
  };
}
