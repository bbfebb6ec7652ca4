import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestDaemon, type TestDaemon } from '../../daemon/support/daemon-harness.js';
import { REPO_ROOT } from '../support/agentd-process.js';
import { writeProject } from './project.js';
import { TmuxTerminal, tmuxAvailable } from './support/tmux-terminal.js';

interface Job {
  id: string;
  status: string;
  kind: string;
  turns: { role: string; message: string }[];
}

const PROMPT = /agentd>$/;

/** `text` drawn in ANSI colour `code`; tmux may put other attribute codes (e.g. background reset) in between. */
const inColour = (code: number, text: string): RegExp =>
  new RegExp(`\\x1b\\[${code}m(?:\\x1b\\[[0-9;]*m)*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
const APPROVAL_PROMPT = /agentd \(y\/n\/v or refine\)>$/;

/**
 * `agentd agent` in a real terminal (tmux), typed at as a person would, against a real daemon (in this
 * process, with the planner, the analysis and refactoring capabilities, and the engine's test ones).
 */
describe('agentd agent: the interactive prompt in a real terminal', function () {
  this.timeout(120_000);
  let harness: TestDaemon;
  let home: string;
  const terminals: TmuxTerminal[] = [];

  before(async function () {
    if (!tmuxAvailable()) throw new Error('tmux is missing: run scripts/ensure-services.sh (it installs tmux).');
    harness = await startTestDaemon();
    await writeProject(harness.workspace);
    home = mkdtempSync(path.join(os.tmpdir(), 'agentd-agent-home-'));
  });
  afterEach(function () {
    // A failed wait shows what the person would have seen.
    const last = terminals.at(-1);
    if (this.currentTest?.state === 'failed' && last?.alive())
      process.stderr.write(`--- terminal ---\n${last.screen()}\n----------------\n`);
    last?.close();
  });
  after(async () => {
    for (const terminal of terminals) terminal.close();
    await harness?.close();
    rmSync(home, { recursive: true, force: true });
  });

  function open(extra = ''): TmuxTerminal {
    const launcher = path.join(REPO_ROOT, 'bin', 'agentd.js');
    const env = { PATH: process.env.PATH, HOME: home, TERM: 'xterm-256color', NODE_NO_WARNINGS: '1' };
    const terminal = new TmuxTerminal({
      command: `'${process.execPath}' '${launcher}' agent --api-url ${harness.url} ${extra}`,
      cwd: harness.workspace,
      env,
    }).start();
    terminals.push(terminal);
    return terminal;
  }

  async function api<T = Job>(method: string, route: string, body?: unknown): Promise<T> {
    const response = await fetch(`${harness.url}${route}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(response.status, `${method} ${route}`).to.be.lessThan(300);
    return (await response.json()) as T;
  }

  const source = (file: string): string => readFileSync(path.join(harness.workspace, file), 'utf8');

  it('says it is connected, runs /exec in the project folder, shows auto mode in the prompt and keeps the history', async () => {
    const terminal = open();
    await terminal.waitFor(new RegExp(`connected to daemon at ${harness.url.replace(/\./g, '\\.')}[\\s\\S]*agentd>$`));
    terminal.typeLine('/exec echo hi && pwd && exit 3');
    const exec = await terminal.waitFor(/\[exit 3\]\nagentd>$/);
    expect(exec).to.include(`hi\n${harness.workspace}\n`);
    terminal.typeLine('/auto');
    const auto = await terminal.waitFor(/agentd\[auto\]>$/);
    expect(auto).to.include('routine, well-defined, non-critical tasks');
    terminal.typeLine('/agent universal-agent rename token to makeToken in src/db.ts');
    const ran = await terminal.waitFor(/Changed files \(1\):\n {2}modify src\/db\.ts[\s\S]*agentd\[auto\]>$/);
    expect(ran).not.to.include('[y] approve');
    expect(source('src/db.ts')).to.include('export function makeToken(): string {');
    terminal.typeLine('/auto');
    await terminal.waitFor(/Auto mode is off[\s\S]*\nagentd>$/);
    terminal.typeLine('/quit');
    await terminal.waitForExit();
    // Oldest first; a repeated line keeps only its latest place.
    const history = readFileSync(path.join(home, '.agentd', 'history'), 'utf8')
      .trimEnd()
      .split('\n');
    expect(history).to.deep.equal([
      '/exec echo hi && pwd && exit 3',
      '/agent universal-agent rename token to makeToken in src/db.ts',
      '/auto',
      '/quit',
    ]);
  });

  it('runs an analysis task to a summarised result, and a follow-up refines the same job', async () => {
    const terminal = open();
    await terminal.waitFor(PROMPT);
    terminal.typeLine('/agent universal-agent "audit security of src"');
    const result = await terminal.waitFor(/✓ succeeded[\s\S]*Next: .*\nagentd>$/);
    expect(result).to.include('3 finding(s): 1 high, 1 medium, 1 low');
    expect(result).to.match(/high {5}src\/db\.ts:3 {2}Hardcoded password/);
    const id = /job ([0-9a-f-]{36}) \(approval mode\)/.exec(result)![1]!;
    terminal.typeLine('only high severity');
    const refined = await terminal.waitFor(/✓ succeeded[\s\S]*\nagentd>$/);
    expect(refined).to.include('1 finding(s): 1 high');
    expect(refined).not.to.match(/^ {2}(medium|low) /m);
    const job = await api(`GET`, `/jobs/${id}`);
    expect(job.turns.filter((t) => t.role === 'user').map((t) => t.message)).to.deep.equal(['audit security of src', 'only high severity']);
    terminal.typeLine('/jobs');
    const listed = await terminal.waitFor(/Resume one with[\s\S]*agentd>$/);
    expect(listed).to.include(`${id}  succeeded          audit security of src`);
  });

  it('shows a clarifying question as the agent turn, and the next line typed (an option number) answers it', async () => {
    const terminal = open();
    await terminal.waitFor(PROMPT);
    terminal.typeLine('/agent universal-agent make it better');
    const question = await terminal.waitFor(/\(type your answer, or the number of an option\)\nagentd>$/);
    expect(question).to.include('agent: "make it better" can mean several things for the project; which of these did you mean?');
    expect(question).to.include('  4) audit security');
    terminal.typeLine('4');
    const answered = await terminal.waitFor(/✓ succeeded[\s\S]*\nagentd>$/);
    expect(answered).to.match(/analysis\.security succeeded/);
    expect(answered).to.include('3 finding(s): 1 high, 1 medium, 1 low');
  });

  it('shows a rename plan, refines it, shows the coloured diffs with v, applies with y, and rejects a follow-up plan with n', async () => {
    const terminal = open();
    await terminal.waitFor(PROMPT);
    terminal.typeLine('/agent universal-agent rename greet to welcome in src/greet.ts');
    const plan = await terminal.waitFor(APPROVAL_PROMPT);
    expect(plan).to.match(
      / 1\. refactoring\.rename src\/greet\.ts#greet — Rename function greet \(src\/greet\.ts:1\) to welcome across the project/,
    );
    expect(plan).to.include('3 staged change(s) in 3 file(s)');
    expect(plan).to.include('[y] approve  [n] reject  [v] view changes  or type to refine');
    terminal.typeLine('call it hello instead');
    expect(await terminal.waitFor(APPROVAL_PROMPT)).to.include('to hello across the project');
    terminal.typeLine('v');
    const diff = await terminal.waitFor(APPROVAL_PROMPT);
    expect(diff).to.include('── Step 1: refactoring.rename (3 change(s))');
    expect(diff).to.include('-export function greet(name: string): string {\n+export function hello(name: string): string {');
    const coloured = terminal.screen(true);
    expect(coloured).to.match(inColour(31, '-export function greet(name: string): string {'));
    expect(coloured).to.match(inColour(32, '+export function hello(name: string): string {'));
    expect(coloured).to.match(inColour(36, '@@ -1,3 +1,3 @@'));
    expect(source('src/greet.ts')).to.include('function greet('); // nothing written before approval
    terminal.typeLine('y');
    const applied = await terminal.waitFor(/Changed files \(3\):[\s\S]*\nagentd>$/);
    expect(applied).to.match(/✓ succeeded/);
    expect(source('src/greet.ts')).to.include('export function hello(name: string)');
    expect(source('src/db.ts')).to.include("import { hello } from './greet';");
    terminal.typeLine('now rename hello to salute in src/greet.ts');
    expect(await terminal.waitFor(APPROVAL_PROMPT)).to.include('to salute across the project');
    terminal.typeLine('n');
    const rejected = await terminal.waitFor(/✗ cancelled: The staged changes were rejected; nothing was written\.\nagentd>$/);
    expect(rejected).not.to.include('Changed files');
    expect(source('src/greet.ts')).to.include('export function hello(name: string)');
  });

  it('cancels a running job on Ctrl-C and stays open; at an idle prompt Ctrl-C hints, and twice leaves', async () => {
    const slow = await api('POST', '/jobs', { pipeline: [{ capability: 'analysis.test-slow', input: { ms: 600_000 } }] });
    const terminal = open(`--resume ${slow.id}`);
    await terminal.waitFor(/analysis\.test-slow/);
    terminal.press('C-c');
    await terminal.waitFor(/cancelling the job…[\s\S]*✗ cancelled[\s\S]*\nagentd>$/);
    expect((await api('GET', `/jobs/${slow.id}`)).status).to.equal('cancelled');
    terminal.press('C-c');
    await terminal.waitFor(/\(Ctrl-C again or Ctrl-D to leave; \/help for the commands\)\nagentd>$/);
    expect(terminal.alive()).to.equal(true);
    terminal.press('C-c');
    await terminal.waitForExit();
  });
});
