/**
 * The GitHub App's pull-request check, timed from the webhook POST to the completed check run, on a
 * generated repository of ~100,000 lines (GH_BENCH_FILES files of 200 lines, default 500) with a
 * 20-file pull request, against the fake GitHub of the tests and a local bare repository. Beside it, the
 * peer: `agentd scan` (the same CLI, configuration and --no-project-code) run directly on a checkout of
 * the same head — what a CI job would run once it has started and cloned; the App's own overhead
 * (fetch, GitHub calls, annotations) is the difference. Then a synchronize (a second push to the same
 * pull request, fetched incrementally into the cached working copy), and a push to the default branch:
 * webhook to the baseline written (fetch + the same scan of the base commit).
 *   node dist/bench/github-pr-check.js
 */
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { defaultConfig } from '../daemon/config/index.js';
import { createLogger } from '../daemon/logging/index.js';
import { signBody } from '../daemon/security/webhook-signature.js';
import { startDaemon } from '../daemon/server.js';
import { FakeGithub } from '../test/support/fake-github/fake-github.js';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/agentd.js');
const FILES = Number(process.env.GH_BENCH_FILES ?? 500);
const PR_FILES = 20;
const SECRET = 'whsec-bench-0123456789abcdef';

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@x', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@x' },
  }).trim();
}

/** 200 lines of ordinary service code; every 25th file has one command injection. */
function moduleText(index: number, variant = 0): string {
  const lines: string[] = [`'use strict';`, `const path = require('path');`, ''];
  for (let f = 0; lines.length < 190; f++) {
    lines.push(
      `function handler${index}_${f}_${variant}(req, items) {`,
      `  const out = [];`,
      `  for (const item of items) {`,
      `    if (item.kind === 'a${f}') out.push(path.join('/data', String(item.id)));`,
      `    else if (item.size > ${f * 10}) out.push(item.name.trim());`,
      `  }`,
      `  return out.length ? out : null;`,
      `}`,
      '',
    );
  }
  if (index % 25 === 0) lines.push(`require('child_process').exec('ls ' + process.argv[2]);`);
  lines.push(`module.exports = { index: ${index} };`);
  return `${lines.join('\n')}\n`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function run(): Promise<void> {
  const tmp = mkdtempSync(path.join(tmpdir(), 'agentd-ghbench-'));
  const work = path.join(tmp, 'work');
  const bare = path.join(tmp, 'git', 'acme', 'big.git');
  mkdirSync(work, { recursive: true });
  mkdirSync(bare, { recursive: true });
  git(bare, 'init', '--quiet', '--bare', '--initial-branch=main');
  git(work, 'init', '--quiet', '--initial-branch=main');
  let lines = 0;
  for (let i = 0; i < FILES; i++) {
    const text = moduleText(i);
    lines += text.split('\n').length - 1;
    mkdirSync(path.join(work, 'src', `m${i % 20}`), { recursive: true });
    writeFileSync(path.join(work, 'src', `m${i % 20}`, `file${i}.js`), text);
  }
  writeFileSync(path.join(work, 'agentd.config.json'), JSON.stringify({ checks: ['all'], failOn: 'high' }));
  git(work, 'add', '--all');
  git(work, 'commit', '--quiet', '-m', 'base');
  const base = git(work, 'rev-parse', 'HEAD');
  git(work, 'push', '--quiet', bare, 'HEAD:refs/heads/main');
  git(work, 'checkout', '--quiet', '-b', 'feature');
  const push = (variant: number): string => {
    for (let i = 0; i < PR_FILES; i++) {
      const index = i * Math.floor(FILES / PR_FILES) + 1;
      writeFileSync(
        path.join(work, 'src', `m${index % 20}`, `file${index}.js`),
        moduleText(index, variant) + (i % 4 === 0 ? `require('child_process').exec('rm ' + process.argv[${variant + 3}]);\n` : ''),
      );
    }
    git(work, 'commit', '--quiet', '--all', '-m', `pr ${variant}`);
    git(work, 'push', '--quiet', '--force', bare, 'HEAD:refs/heads/feature');
    return git(work, 'rev-parse', 'HEAD');
  };
  const pullFiles = (head: string) =>
    git(work, 'diff', '--name-only', `${base}...${head}`)
      .split('\n')
      .filter(Boolean)
      .map((filename) => {
        const diff = git(work, 'diff', `${base}...${head}`, '--', filename);
        return { filename, status: 'modified' as const, patch: diff.slice(diff.indexOf('@@')) };
      });

  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const keyFile = path.join(tmp, 'app.pem');
  writeFileSync(keyFile, privateKey);
  const fake = new FakeGithub('4242', privateKey);
  await fake.start();
  const config = defaultConfig();
  Object.assign(config.server, { port: 0, host: '127.0.0.1' });
  config.workspace.path = path.join(tmp, 'workspace');
  mkdirSync(config.workspace.path);
  config.logging = { level: 'warn', format: 'json', file: null };
  config.github = {
    ...config.github,
    appId: '4242',
    privateKeyPath: keyFile,
    webhookSecret: SECRET,
    apiUrl: fake.url,
    gitUrl: `file://${path.join(tmp, 'git')}`,
  };
  const logger = createLogger(config.logging, { stdout: new Writable({ write: (_c, _e, done) => done() }) });
  const daemon = await startDaemon(config, { logger });
  const repository = { full_name: 'acme/big', name: 'big', owner: { login: 'acme' }, default_branch: 'main' };

  const deliver = (event: string, payload: unknown) => {
    const body = JSON.stringify(payload);
    return fetch(`${daemon.url}/webhooks/github`, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        'x-github-event': event,
        'x-github-delivery': randomUUID(),
        'x-hub-signature-256': signBody(SECRET, Buffer.from(body)),
      },
    });
  };

  const check = async (
    head: string,
    number: number,
    action: string,
  ): Promise<{ ms: number; annotations: number; conclusion: string | null }> => {
    fake.pullFiles.set(`acme/big#${number}`, pullFiles(head));
    const started = performance.now();
    const reply = await deliver('pull_request', {
      action,
      number,
      pull_request: { number, head: { sha: head, repo: repository }, base: { sha: base, ref: 'main' } },
      repository,
      installation: { id: 1 },
    });
    const ackMs = performance.now() - started;
    if (reply.status !== 202) throw new Error(`webhook answered ${reply.status}`);
    const completed = await fake.waitFor(
      () => [...fake.checkRuns.values()].find((r) => r.head_sha === head && r.status === 'completed'),
      600_000,
    );
    const ms = performance.now() - started;
    console.log(
      `  ${action.padEnd(11)} webhook answered in ${ackMs.toFixed(0)} ms; check run completed after ${(ms / 1000).toFixed(2)} s (${completed.annotations.length} annotations, ${completed.conclusion})`,
    );
    return { ms, annotations: completed.annotations.length, conclusion: completed.conclusion };
  };

  try {
    console.log(`repository: ${FILES} files, ${lines} lines; pull request: ${PR_FILES} files changed; checks: all`);
    const head1 = push(1);
    const opened = await check(head1, 1, 'opened');
    const head2 = push(2);
    const synced = await check(head2, 1, 'synchronize');
    // A push to the default branch: webhook -> baseline.json written with its commit.
    const baselineFile = path.join(config.workspace.path, 'github', 'acme', 'big', 'baseline.json');
    const pushStarted = performance.now();
    await deliver('push', { ref: 'refs/heads/main', after: base, repository, installation: { id: 1 } });
    for (let waited = 0; ; waited += 100) {
      if (existsSync(baselineFile) && (JSON.parse(readFileSync(baselineFile, 'utf8')) as { sha: string }).sha === base) break;
      if (waited > 600_000) throw new Error('the baseline was not written in 10 minutes');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const baselineMs = performance.now() - pushStarted;
    console.log(`  push to main: baseline written after ${(baselineMs / 1000).toFixed(2)} s`);
    // The peer: agentd scan on a fresh checkout of the same head, three times.
    const checkout = path.join(tmp, 'peer');
    git(tmp, 'clone', '--quiet', bare, checkout);
    git(checkout, 'checkout', '--quiet', head2);
    const peer: number[] = [];
    for (let round = 0; round < 3; round++) {
      const started = performance.now();
      try {
        execFileSync(
          process.execPath,
          [BIN, 'scan', checkout, '--format', 'json', '--output', path.join(tmp, 'peer.json'), '--fail-on', 'none', '--no-project-code'],
          { stdio: 'ignore' },
        );
      } catch (error) {
        if ((error as { status?: number }).status !== 2) throw error;
      }
      peer.push(performance.now() - started);
    }
    const peerMs = median(peer);
    console.log(`  peer: agentd scan on a checkout of the same head (median of 3): ${(peerMs / 1000).toFixed(2)} s`);
    console.log(
      `  App overhead over the bare scan: opened +${((opened.ms - peerMs) / 1000).toFixed(2)} s (first fetch of the repository), synchronize +${((synced.ms - peerMs) / 1000).toFixed(2)} s`,
    );
  } finally {
    await daemon.close({ graceSec: 0 });
    await logger.close();
    await fake.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
