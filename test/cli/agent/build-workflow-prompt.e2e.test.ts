/**
 * Issue 21's build workflow from the interactive prompt, typed in a real terminal (tmux) as a person
 * would: `/agent universal-agent "build a REST API for a todo list with PostgreSQL"` on a copy of the
 * Express + pg + mocha fixture (agentd's node_modules linked in) -> the numbered plan -> `v` shows every
 * staged file -> `y` -> the job ends succeeded, its verify step having run the project's tests with the
 * generated ones on the real PostgreSQL. Twice: against a daemon (in this process) that trusts the
 * workspace, relays 127.0.0.1:5432 into the sandbox and gives project code DATABASE_URL
 * (security.sandboxServices/sandboxEnv), and embedded (`--embedded`, the same two given as
 * --sandbox-service and --sandbox-env).
 */
import { expect } from 'chai';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cp, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FIXTURES, startTestDaemon, type TestDaemon } from '../../daemon/support/daemon-harness.js';
import { REPO_ROOT } from '../support/agentd-process.js';
import { TmuxTerminal, tmuxAvailable } from './support/tmux-terminal.js';

const LAUNCHER = path.join(REPO_ROOT, 'bin', 'agentd.js');
const APPROVAL_PROMPT = /agentd \(y\/n\/v or refine\)>$/;
const TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

describe('agentd agent: the build workflow from the interactive prompt', function () {
  this.timeout(300_000);
  let harness: TestDaemon;
  let home: string;
  let terminal: TmuxTerminal | undefined;
  const copies: string[] = [];

  before(async function () {
    if (!tmuxAvailable()) throw new Error('tmux is missing: run scripts/ensure-services.sh (it installs tmux).');
    harness = await startTestDaemon({
      fixture: 'generation/express-pg-mocha',
      configure: (config) => {
        config.security.trustedWorkspaces = ['project'];
        config.security.sandboxServices = ['127.0.0.1:5432'];
        config.security.sandboxEnv = { DATABASE_URL: TEST_DATABASE_URL };
      },
    });
    await symlink(path.join(REPO_ROOT, 'node_modules'), path.join(harness.workspace, 'project', 'node_modules'), 'dir');
    home = mkdtempSync(path.join(os.tmpdir(), 'agentd-agent-home-'));
  });
  afterEach(function () {
    if (this.currentTest?.state === 'failed' && terminal?.alive())
      process.stderr.write(`--- terminal ---\n${terminal.screen()}\n----------------\n`);
    terminal?.close();
  });
  after(async () => {
    await harness?.close();
    if (home) rmSync(home, { recursive: true, force: true });
    for (const copy of copies) rmSync(copy, { recursive: true, force: true });
  });

  function open(command: string, cwd: string): TmuxTerminal {
    terminal = new TmuxTerminal({
      command,
      cwd,
      env: { PATH: process.env.PATH, HOME: home, TERM: 'xterm-256color', NODE_NO_WARNINGS: '1' },
    }).start();
    return terminal;
  }

  /** Types the task, reads the plan, views every file with v, approves with y: the job must end succeeded. */
  async function buildTodoApi(terminal: TmuxTerminal, project: string): Promise<void> {
    await terminal.waitFor(/agentd>$/);
    terminal.typeLine('/agent universal-agent "build a REST API for a todo list with PostgreSQL"');
    const plan = await terminal.waitFor(APPROVAL_PROMPT);
    const numbered = [
      / 1\. analysis\.structure\b/,
      / 2\. generation\.crud-resource\b.*todo/,
      / 3\. documentation\.api\b/,
      / 4\. documentation\.examples\b/,
      / 5\. refactoring\.verify\b/,
    ];
    for (const line of numbered) expect(plan).to.match(line);
    expect(plan).not.to.include('testing.integration');
    expect(plan).to.include('[y] approve  [n] reject  [v] view changes  or type to refine');
    expect(existsSync(path.join(project, 'src', 'routes', 'todos.ts'))).to.equal(false); // nothing written before approval

    terminal.typeLine('v');
    const diff = await terminal.waitFor(APPROVAL_PROMPT);
    expect(diff).to.match(/── Step 2: generation\.crud-resource \(\d+ change\(s\)\)/);
    const files = [
      'migrations/002_create_todos.sql',
      'src/services/service-errors.ts',
      'src/services/todo-service.ts',
      'src/http/api-error.ts',
      'src/http/request-checks.ts',
      'src/validation/todo-input.ts',
      'src/routes/todos.ts',
      'test/todos-api.test.ts',
      'src/app.ts',
      'docs/api.md',
      'docs/examples.md',
    ];
    for (const file of files) expect(diff, file).to.match(new RegExp(`^\\+\\+\\+ b/${file.replace(/\./g, '\\.')}$`, 'm'));
    expect(diff).to.match(/^\+.*app\.use\('\/todos', todoRouter\(new TodoService\(pool\)\)\);/m);

    terminal.typeLine('y');
    const done = await terminal.waitFor(/(✓ succeeded|✗ failed|incomplete)[\s\S]*\nagentd>$/);
    expect(done).to.match(/✓ succeeded/);
    expect(done).to.match(/\d+ new with the changes, all passing/);
    expect(done).to.include(`Changed files (${files.length}):`);
    expect(existsSync(path.join(project, 'src', 'routes', 'todos.ts'))).to.equal(true);
    expect(existsSync(path.join(project, 'test', 'todos-api.test.ts'))).to.equal(true);
    terminal.typeLine('/quit');
    await terminal.waitForExit();
  }

  it('with a daemon: plans, shows every file with v, applies with y and ends succeeded with the generated tests passing', async () => {
    const command = `'${process.execPath}' '${LAUNCHER}' agent --api-url ${harness.url} --workspace project`;
    await buildTodoApi(open(command, harness.workspace), path.join(harness.workspace, 'project'));
  });

  it('embedded (no daemon), the test database named with --sandbox-service and --sandbox-env: the same, ending succeeded', async () => {
    const project = mkdtempSync(path.join(os.tmpdir(), 'agentd-build-embedded-'));
    copies.push(project);
    await cp(path.join(FIXTURES, 'generation', 'express-pg-mocha'), project, { recursive: true });
    await symlink(path.join(REPO_ROOT, 'node_modules'), path.join(project, 'node_modules'), 'dir');
    const sandbox = `--sandbox-service 127.0.0.1:5432 --sandbox-env DATABASE_URL=${TEST_DATABASE_URL}`;
    await buildTodoApi(open(`'${process.execPath}' '${LAUNCHER}' agent --embedded --workspace '${project}' ${sandbox}`, project), project);
  });
});
