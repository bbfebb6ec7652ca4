/**
 * The dashboard in a real browser against a real daemon with auth on: nothing without a key, the
 * list live over GET /events, filters, a staged change approved with its diff on screen (and written
 * to disk), a running job cancelled, the capability form showing the API's own validation message,
 * a strict CSP with no violation, and axe-core finding no serious or critical problem on any page.
 */
import { expect } from 'chai';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startDashboardRig, type DashboardRig } from './dashboard-harness.js';
import { seriousViolations } from './axe.js';

interface Job {
  id: string;
  status: string;
}

// Functions passed to page.evaluate/waitForFunction run in the page; the test build has no DOM lib.
declare const document: any;
declare const sessionStorage: any;

describe('dashboard in headless Chromium against a real daemon', function () {
  this.timeout(120_000);
  let rig: DashboardRig;

  before(async () => {
    rig = await startDashboardRig({ fixture: 'vulnerable-app' });
  });
  after(async () => {
    await rig?.close();
  });

  it('serves the page with a strict CSP and shows no data without a key', async () => {
    const seed = await rig.api<Job>('POST', '/jobs', { capability: 'analysis.test-slow', input: { ms: 0 } });
    expect(seed.status).to.equal(202);
    const { context, page, errors } = await rig.open('#/jobs');
    try {
      const response = await page.request.get(`${rig.daemon.url}/ui/`);
      const csp = response.headers()['content-security-policy'] ?? '';
      expect(csp).to.include("script-src 'self'").and.include("default-src 'none'").and.not.include('unsafe-inline');
      await page.waitForSelector('#secret');
      expect(await page.locator('table.jobs').count()).to.equal(0);
      expect(await page.content()).to.not.include(seed.body.id);
      // The page's own request without credentials is refused by the API.
      const refused = await page.evaluate(async () => (await fetch('/jobs')).status);
      expect(refused).to.equal(401);
      await page.fill('#secret', 'not-the-key-at-all');
      await page.click('button[type=submit]');
      await page.waitForSelector('[role=alert]');
      expect(await page.textContent('[role=alert]')).to.include('not valid');
      await rig.signIn(page);
      await page.waitForSelector(`tr[data-job="${seed.body.id}"]`);
      // The key was traded for a token: the tab keeps the JWT, not the key.
      const kept = await page.evaluate(() => sessionStorage.getItem('agentd.credential'));
      expect(kept)
        .to.match(/^ey[\w-]+\.[\w-]+\.[\w-]+$/)
        .and.not.equal(rig.apiKey);
      expect(errors.filter((e) => /Content Security Policy/i.test(e))).to.deep.equal([]);
    } finally {
      await context.close();
    }
  });

  it('lists jobs, adds and updates rows live without a reload, and filters them', async () => {
    const { context, page } = await rig.open('#/jobs');
    try {
      await rig.signIn(page);
      await page.waitForSelector('#list-count .live');
      const slow = await rig.api<Job>('POST', '/jobs', { capability: 'analysis.test-slow', input: { ms: 1500 } });
      const row = page.locator(`tr[data-job="${slow.body.id}"]`);
      await row.waitFor();
      await page.waitForSelector(`tr[data-job="${slow.body.id}"][data-status="running"]`);
      await page.waitForSelector(`tr[data-job="${slow.body.id}"][data-status="succeeded"]`, { timeout: 30_000 });
      const writer = await rig.api<Job>('POST', '/jobs', {
        capability: 'refactoring.test-writer',
        input: { path: 'filtered.txt', content: 'x\n' },
      });
      await page.waitForSelector(`tr[data-job="${writer.body.id}"][data-status="awaiting_approval"]`, { timeout: 30_000 });

      // Status goes to the daemon; the rows left are all awaiting approval.
      await page.check('input[name=status][value=awaiting_approval]');
      await page.waitForFunction(() =>
        [...document.querySelectorAll('tr[data-job]')].every((r) => r.getAttribute('data-status') === 'awaiting_approval'),
      );
      expect(await page.locator(`tr[data-job="${writer.body.id}"]`).count()).to.equal(1);
      expect(await page.locator(`tr[data-job="${slow.body.id}"]`).count()).to.equal(0);
      await page.uncheck('input[name=status][value=awaiting_approval]');
      await page.waitForSelector(`tr[data-job="${slow.body.id}"]`);

      // Capability and text filter the loaded rows.
      const asked = page.waitForRequest((r) => r.url().includes('/jobs?') && r.url().includes('capability=analysis.test-slow'));
      await page.selectOption('select[name=capability]', 'analysis.test-slow');
      await asked;
      await page.waitForFunction(
        () =>
          document.querySelectorAll('tr[data-job]').length > 0 &&
          [...document.querySelectorAll('tr[data-job] td.what')].every((c) => c.textContent!.includes('analysis.test-slow')),
      );
      await page.selectOption('select[name=capability]', '');
      const searched = page.waitForRequest((r) => r.url().includes(`q=${writer.body.id.slice(0, 12)}`));
      await page.fill('input[name=text]', writer.body.id.slice(0, 12));
      await searched;
      await page.waitForFunction(
        (id) => document.querySelectorAll('tr[data-job]').length === 1 && document.querySelector(`tr[data-job="${id}"]`) !== null,
        writer.body.id,
      );
    } finally {
      await context.close();
    }
  });

  it('shows the staged diff of a writing step and approves it: the job succeeds and the file is written', async () => {
    const job = await rig.api<Job>('POST', '/jobs', {
      capability: 'refactoring.test-writer',
      input: { path: 'approved.txt', content: 'hello from the dashboard\n' },
    });
    await rig.waitForStatus(job.body.id, 'awaiting_approval');
    const { context, page, errors } = await rig.open(`#/jobs/${job.body.id}`);
    try {
      await rig.signIn(page);
      await page.waitForSelector('main[data-status="awaiting_approval"]');
      const diff = page.locator('figure.change[data-path="approved.txt"]');
      await diff.waitFor();
      expect(await diff.locator('.line.add').first().textContent()).to.include('hello from the dashboard');
      await page.keyboard.press('v');
      await page.waitForSelector('table.diff.side');
      await page.keyboard.press('v');
      await page.keyboard.press('y');
      await page.waitForSelector('dialog.confirm[open]');
      expect(await page.textContent('dialog.confirm')).to.include('Approve');
      await page.click('dialog.confirm button.danger');
      await page.waitForSelector('main[data-status="succeeded"]', { timeout: 30_000 });
      expect(await readFile(path.join(rig.daemon.workspace, 'approved.txt'), 'utf8')).to.equal('hello from the dashboard\n');
      // The only failed loads are the sign-in probe's (GET /stats without credentials answers 401).
      expect(errors.filter((e) => !e.includes('status of 401'))).to.deep.equal([]);
    } finally {
      await context.close();
    }
  });

  it('cancels, retries and deletes jobs from their rows after confirmation', async () => {
    const running = await rig.api<Job>('POST', '/jobs', { capability: 'analysis.test-slow', input: { ms: 60_000 } });
    const finished = await rig.api<Job>('POST', '/jobs', { capability: 'analysis.test-slow', input: { ms: 7 } });
    await rig.waitForStatus(finished.body.id, 'succeeded');
    const { context, page } = await rig.open('#/jobs');
    try {
      await rig.signIn(page);
      await page.click(`tr[data-job="${running.body.id}"] button[data-row-action=cancel]`);
      expect(await page.textContent('dialog.confirm')).to.include(running.body.id.slice(0, 8));
      await page.click('dialog.confirm button.danger');
      await page.waitForSelector(`tr[data-job="${running.body.id}"][data-status="cancelled"]`);
      await rig.waitForStatus(running.body.id, 'cancelled');

      const before = await page.locator('tr[data-job]').count();
      await page.click(`tr[data-job="${finished.body.id}"] button[data-row-action=retry]`);
      await page.click('dialog.confirm button.danger');
      await page.waitForFunction((n) => document.querySelectorAll('tr[data-job]').length === n + 1, before);
      const newest = (await page.getAttribute('tr[data-job]', 'data-job'))!;
      expect(newest).to.not.equal(finished.body.id);
      const retried = (await rig.api<{ steps: { capability: string; input: unknown }[] }>('GET', `/jobs/${newest}`)).body;
      expect(retried.steps.map((step) => [step.capability, step.input])).to.deep.equal([['analysis.test-slow', { ms: 7 }]]);

      // A finished row is deleted after confirmation: gone from the list at once, and from the API.
      await page.click(`tr[data-job="${running.body.id}"] button[data-row-action=delete]`);
      await page.click('dialog.confirm button.danger');
      await page.waitForSelector(`tr[data-job="${running.body.id}"]`, { state: 'detached' });
      expect((await rig.api('GET', `/jobs/${running.body.id}`)).status).to.equal(404);
    } finally {
      await context.close();
    }
  });

  it('loads the whole diffs of a change cut in the record, and all the changes beyond the first 100', async () => {
    const lines = Array.from({ length: 2500 }, (_, i) => `line number ${i} of a long file`);
    const big = await rig.api<Job>('POST', '/jobs', {
      capability: 'refactoring.test-writer',
      input: { path: 'big.txt', content: `${lines.join('\n')}\n` },
    });
    await rig.waitForStatus(big.body.id, 'awaiting_approval');
    const many = path.join(rig.daemon.workspace, 'many');
    await mkdir(many, { recursive: true });
    for (let i = 0; i < 130; i++) await writeFile(path.join(many, `f${String(i).padStart(3, '0')}.js`), `export const n${i} = ${i};\n`);
    const bulk = await rig.api<Job>('POST', '/jobs', {
      capability: 'refactoring.test-bulk-writer',
      input: { marker: 'marked' },
      workspace: 'many',
    });
    await rig.waitForStatus(bulk.body.id, 'awaiting_approval');
    const { context, page } = await rig.open(`#/jobs/${big.body.id}`);
    try {
      await rig.signIn(page);
      const figure = page.locator('figure.change[data-path="big.txt"]');
      await figure.waitFor();
      expect(await figure.locator('figcaption').textContent()).to.include('diff cut');
      const cut = await figure.locator('.line.add').count();
      expect(cut).to.be.below(2500);
      await page.click('#load-changes');
      await page.waitForFunction(() => document.querySelectorAll('figure.change[data-path="big.txt"] .line.add').length === 2500);
      expect(await page.locator('#load-changes').count()).to.equal(0);

      // A hash change re-renders the same page: wait for the bulk job's own diffs, not the big job's still shown.
      await page.goto(`${rig.daemon.url}/ui/#/jobs/${bulk.body.id}`);
      await page.waitForSelector('figure.change[data-path="f000.js"]');
      expect(await page.locator('figure.change').count()).to.equal(100);
      expect(await page.textContent('#load-changes')).to.include('all 130 changes');
      await page.click('#load-changes');
      await page.waitForFunction(() => document.querySelectorAll('figure.change').length === 130);
      expect(await page.locator('figure.change[data-path="f129.js"] .line.add').textContent()).to.include('// marked');
    } finally {
      await context.close();
    }
  });

  it('shows findings in a table: the record\'s 100 first, "Load all" pages the rest, filters by severity and text', async () => {
    const job = await rig.api<Job>('POST', '/jobs', { capability: 'analysis.test-bulk-findings', input: { count: 1500 } });
    await rig.waitForStatus(job.body.id, 'succeeded');
    const { context, page } = await rig.open(`#/jobs/${job.body.id}`);
    try {
      await rig.signIn(page);
      await page.waitForSelector('#findings-title');
      expect(await page.textContent('#findings-title')).to.equal('Findings (1500)');
      expect(await page.locator('table.findings tbody tr').count()).to.equal(100);
      await page.click('text=Load all 1500');
      await page.waitForFunction(() => document.querySelectorAll('table.findings tbody tr').length === 1500);
      await page.selectOption('select[name=severity]', 'high');
      await page.waitForFunction(() => document.querySelectorAll('table.findings tbody tr').length === 150);
      await page.fill('input[name=finding-text]', 'finding 1490');
      await page.waitForFunction(() => document.querySelectorAll('table.findings tbody tr').length === 1);
      expect(await page.textContent('table.findings tbody tr'))
        .to.include('src/f90.js:1491')
        .and.include('test/bulk');
    } finally {
      await context.close();
    }
  });

  it("documents each finding's rule from its capability's meta.rules, and shows its code", async () => {
    const job = await rig.api<Job>('POST', '/jobs', { capability: 'analysis.security', workspace: 'project' });
    await rig.waitForStatus(job.body.id, 'succeeded');
    const capabilities = (await rig.api<{ id: string; rules?: { id: string; title: string; fix: string }[] }[]>('GET', '/capabilities'))
      .body;
    const rules = new Map(capabilities.flatMap((c) => c.rules ?? []).map((rule) => [rule.id, rule]));
    const { context, page } = await rig.open(`#/jobs/${job.body.id}`);
    try {
      await rig.signIn(page);
      await page.waitForSelector('table.findings details.rule-doc');
      const row = page.locator('table.findings tbody tr').first();
      const ruleId = (await row.locator('td:nth-child(2) code').textContent())!;
      const doc = rules.get(ruleId)!;
      expect(doc, ruleId).to.not.equal(undefined);
      expect(await row.locator('details.rule-doc summary').textContent()).to.equal(doc.title);
      await row.locator('details.rule-doc summary').click();
      expect(await row.locator('details.rule-doc').textContent()).to.include(doc.fix);
      // The finding's code, read when opened: its lines numbered, the range marked, as in the file.
      const where = (await row.locator('td:nth-child(3) code').textContent())!;
      const [file, line] = [where.slice(0, where.lastIndexOf(':')), Number(where.slice(where.lastIndexOf(':') + 1))];
      await row.locator('details.code-frame summary').click();
      await row.locator('details.code-frame .line.hit').first().waitFor();
      const source = (await readFile(path.join(rig.daemon.workspace, 'project', file), 'utf8')).split(/\r?\n/);
      const hit = row.locator('details.code-frame .line.hit').first();
      expect(await hit.locator('.number').textContent()).to.equal(String(line));
      expect(await hit.textContent()).to.equal(`${line}${source[line - 1]}\n`);
    } finally {
      await context.close();
    }
  });

  it('downloads an artifact, then rejects the staged change: nothing is written', async () => {
    const job = await rig.api<Job>('POST', '/jobs', {
      capability: 'refactoring.test-writer',
      input: { path: 'rejected.txt', content: 'no\n' },
    });
    await rig.waitForStatus(job.body.id, 'awaiting_approval');
    const { context, page } = await rig.open(`#/jobs/${job.body.id}`);
    try {
      await rig.signIn(page);
      // The artifact downloads with the credential (a fetch, then a file), named as the capability named it.
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('button:has-text("written.txt")')]);
      expect(download.suggestedFilename()).to.equal('written.txt');
      expect(await readFile((await download.path())!, 'utf8')).to.equal('rejected.txt');
      await page.click('button[data-action=reject]');
      await page.click('dialog.confirm button.danger');
      await page.waitForSelector('main[data-status="cancelled"]');
      expect(await readFile(path.join(rig.daemon.workspace, 'rejected.txt'), 'utf8').catch(() => null)).to.equal(null);
    } finally {
      await context.close();
    }
  });

  it('deletes a finished job after confirmation: back on the list, its record gone, the file it wrote kept', async () => {
    const job = await rig.api<Job>('POST', '/jobs', {
      capability: 'refactoring.test-writer',
      input: { path: 'kept.txt', content: 'kept\n' },
      mode: 'auto',
    });
    await rig.waitForStatus(job.body.id, 'succeeded');
    const { context, page } = await rig.open(`#/jobs/${job.body.id}`);
    try {
      await rig.signIn(page);
      await page.waitForSelector('main[data-status="succeeded"]');
      await page.click('button[data-action=delete]');
      await page.waitForSelector('dialog.confirm[open]');
      await page.click('dialog.confirm button.danger');
      await page.waitForURL(/#\/jobs$/);
      expect((await rig.api('GET', `/jobs/${job.body.id}`)).status).to.equal(404);
      expect(await page.locator(`tr[data-job="${job.body.id}"]`).count()).to.equal(0);
      expect(await readFile(path.join(rig.daemon.workspace, 'kept.txt'), 'utf8')).to.equal('kept\n');
    } finally {
      await context.close();
    }
  });

  it("shows a running job's live progress and cancels it after confirmation (Escape keeps it)", async () => {
    const job = await rig.api<Job>('POST', '/jobs', { capability: 'analysis.test-slow', input: { ms: 60_000 } });
    await rig.waitForStatus(job.body.id, 'running');
    const { context, page } = await rig.open(`#/jobs/${job.body.id}`);
    try {
      await rig.signIn(page);
      await page.waitForSelector('main[data-status="running"]');
      await page.waitForFunction(() => document.querySelector('main')!.textContent.includes('waiting 60000 ms'));
      await page.click('button[data-action=cancel]');
      // Escape keeps the job.
      await page.waitForSelector('dialog.confirm[open]');
      await page.keyboard.press('Escape');
      await page.waitForSelector('dialog.confirm', { state: 'detached' });
      expect((await rig.api<Job>('GET', `/jobs/${job.body.id}`)).body.status).to.equal('running');
      await page.click('button[data-action=cancel]');
      await page.click('dialog.confirm button.danger');
      await page.waitForSelector('main[data-status="cancelled"]');
      await rig.waitForStatus(job.body.id, 'cancelled');
    } finally {
      await context.close();
    }
  });

  it('starts a job from a form generated from the capability schema, showing the API message for bad input', async () => {
    const { context, page } = await rig.open('#/new');
    try {
      await rig.signIn(page);
      await page.selectOption('#capability', 'analysis.test-slow');
      await page.fill('#input-ms', '-5');
      await page.click('button[type=submit].primary');
      await page.waitForSelector('[role=alert]');
      const shown = await page.textContent('[role=alert]');
      const direct = await rig.api<{ error: { code: string; message: string } }>('POST', '/jobs', {
        capability: 'analysis.test-slow',
        input: { ms: -5 },
        mode: 'approval',
      });
      expect(direct.status).to.equal(422);
      expect(shown).to.include(direct.body.error.message).and.include(direct.body.error.code);
      await page.fill('#input-ms', '10');
      await page.click('button[type=submit].primary');
      await page.waitForSelector('main[data-status="succeeded"]', { timeout: 30_000 });
      expect(await page.textContent('main')).to.include('waited 10 ms');
    } finally {
      await context.close();
    }
  });

  it('submits a task for the agent and shows its plan', async () => {
    const { context, page } = await rig.open('#/new');
    try {
      await rig.signIn(page);
      await page.check('input[name=kind][value=task]');
      await page.fill('#task', 'find security problems');
      await page.click('button[type=submit].primary');
      await page.waitForSelector('main[data-job]');
      await page.waitForFunction(
        () => {
          const status = document.querySelector('main[data-status]')?.getAttribute('data-status');
          return status === 'succeeded' || status === 'failed' || status === 'awaiting_approval';
        },
        undefined,
        { timeout: 60_000 },
      );
      const id = await page.getAttribute('main[data-job]', 'data-job');
      const { body } = await rig.api<{ plan: { steps: { capability: string }[] } | null; question: unknown }>('GET', `/jobs/${id}`);
      if (body.plan) {
        expect(await page.locator('ol.plan li').count()).to.equal(body.plan.steps.length);
        expect(await page.textContent('ol.plan')).to.include(body.plan.steps[0]!.capability);
      } else {
        expect(await page.textContent('main')).to.include('The agent asks');
      }
    } finally {
      await context.close();
    }
  });

  it("shows the overview: health, queue depth, this daemon's figures and the daemons on its queue", async () => {
    const { context, page } = await rig.open('#/overview');
    try {
      await rig.signIn(page);
      await page.waitForSelector('#health-status.ok');
      const stats = (await rig.api<{ total: number }>('GET', '/stats')).body;
      await page.waitForSelector('table.depth');
      expect(await page.textContent('table.depth')).to.include(String(stats.total));
      expect(await page.textContent('main')).to.match(/\d+ jobs finished, \d+% succeeded/);
      // Throughput over the last hour from GET /stats/history: the chart says what the API counts.
      const history = (
        await rig.api<{ succeeded: number; incomplete: number; failed: number; cancelled: number }[]>('GET', '/stats/history')
      ).body;
      const counted = history.reduce((sum, b) => sum + b.succeeded + b.incomplete + b.failed + b.cancelled, 0);
      expect(counted).to.be.above(0);
      await page.waitForFunction(
        (n) => document.querySelector('#throughput')?.textContent?.startsWith(`${n} jobs finished in the last 60 minutes`),
        counted,
      );
      // The daemons on this queue (here one, the in-memory queue), from GET /instances.
      const { instance } = (await rig.api<{ instance: string }>('GET', '/stats')).body;
      await page.waitForSelector(`table.instances tr[data-instance="${instance}"]`);
      expect(await page.textContent(`table.instances tr[data-instance="${instance}"]`)).to.include('(this one)');
    } finally {
      await context.close();
    }
  });

  it("reports a workspace's quality over time, and a quality job's report with the scan report's filters", async () => {
    const summaries: string[] = [];
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const job = await rig.api<Job>('POST', '/jobs', { capability: 'analysis.quality', workspace: 'project' });
      ids.push(job.body.id);
      await rig.waitForStatus(job.body.id, 'succeeded');
      summaries.push((await rig.api<{ result: { summary: string } }>('GET', `/jobs/${job.body.id}`)).body.result.summary);
    }
    const score = Number(/Quality (\d+(?:\.\d+)?)\/100/.exec(summaries[1]!)![1]);
    const { context, page } = await rig.open('#/reports');
    try {
      await rig.signIn(page);
      await page.fill('input[name=workspace]', 'project');
      await page.click('form.filters button[type=submit]');
      // The page first shows the trend of "." (whose folders include project): wait for project's own.
      await page.waitForSelector('table.trend-table[data-workspace=project] tbody tr:nth-child(2)');
      expect(await page.locator('table.trend-table tbody tr').count()).to.equal(2);
      expect(await page.textContent('#trend-caption')).to.equal(
        `Score ${score} → ${score} over 2 runs (0–100; grade ${/grade ([A-F])/.exec(summaries[1]!)![1]} now)`,
      );
      const first = page.locator('table.trend-table tbody tr').first();
      expect(await first.locator('td:nth-child(2)').textContent()).to.equal(String(score));
      // An unknown workspace has no runs, and says so.
      await page.fill('input[name=workspace]', 'nowhere');
      await page.click('form.filters button[type=submit]');
      await page.waitForSelector('text=No quality runs yet for this workspace.');
      // A quality job's page shows its report as the scan's HTML report does, with the same filters.
      await page.goto(`${rig.daemon.url}/ui/#/jobs/${ids[1]}`);
      await page.waitForSelector('section.quality');
      // The step's data itself, folded as JSON.
      await page.click('details.step-data summary');
      await page.waitForFunction(() => document.querySelector('details.step-data pre')?.textContent?.includes('"overall"'));
      expect(await page.textContent('#quality-view-title')).to.equal(
        `Quality ${score}/100, grade ${/grade ([A-F])/.exec(summaries[1]!)![1]}`,
      );
      const data = (await rig.api<{ result: { data: { folders: { folder: string; score: number }[] }[] } }>('GET', `/jobs/${ids[1]}`)).body
        .result.data[0]!;
      const worst = [...data.folders].sort((a, b) => a.score - b.score)[0]!;
      expect(await page.getAttribute('section.quality table tbody tr >> nth=0', 'data-folder')).to.equal(worst.folder);
      const rows = () => page.locator('table.findings tbody tr').count();
      const before = await rows();
      const check = (await page.locator('select[name=check] option').nth(1).textContent())!;
      await page.selectOption('select[name=check]', check);
      await page.waitForFunction(
        (c) =>
          [...document.querySelectorAll('table.findings tbody tr td:nth-child(2) code')].every(
            (el) => el.textContent!.startsWith(`${c}/`) || el.textContent === c,
          ),
        check,
      );
      expect(await rows()).to.be.at.most(before);
      await page.fill('input[name=finding-file]', 'no-such-file');
      await page.waitForFunction(() => document.querySelectorAll('table.findings tbody tr').length === 0);
    } finally {
      await context.close();
    }
  });

  it('has no serious or critical accessibility violation on any page (axe-core)', async () => {
    const job = await rig.api<Job>('POST', '/jobs', {
      capability: 'refactoring.test-writer',
      input: { path: 'axe.txt', content: 'a\nb\n' },
    });
    await rig.waitForStatus(job.body.id, 'awaiting_approval');
    const { context, page } = await rig.open('#/overview');
    try {
      const report: Record<string, string[]> = { login: await seriousViolations(page) };
      await rig.signIn(page);
      await page.waitForSelector('#health-status');
      report.overview = await seriousViolations(page);
      await page.goto(`${rig.daemon.url}/ui/#/jobs`);
      await page.waitForSelector('tr[data-job]');
      report.jobs = await seriousViolations(page);
      await page.goto(`${rig.daemon.url}/ui/#/jobs/${job.body.id}`);
      await page.waitForSelector('figure.change');
      report.job = await seriousViolations(page);
      await page.keyboard.press('v');
      await page.waitForSelector('table.diff.side');
      report['job, side by side'] = await seriousViolations(page);
      const scan = await rig.api<Job>('POST', '/jobs', { capability: 'analysis.security', workspace: 'project' });
      await rig.waitForStatus(scan.body.id, 'succeeded');
      await page.goto(`${rig.daemon.url}/ui/#/jobs/${scan.body.id}`);
      await page.waitForSelector('table.findings details.rule-doc');
      await page.locator('details.rule-doc summary').first().click();
      report['job with findings'] = await seriousViolations(page);
      await page.goto(`${rig.daemon.url}/ui/#/new`);
      await page.selectOption('#capability', 'refactoring.test-writer');
      report['new job'] = await seriousViolations(page);
      await page.goto(`${rig.daemon.url}/ui/#/reports`);
      await page.waitForSelector('#quality-title');
      report.reports = await seriousViolations(page);
      await page.emulateMedia({ colorScheme: 'dark' });
      report['new job, dark'] = await seriousViolations(page);
      await page.goto(`${rig.daemon.url}/ui/#/jobs`);
      await page.waitForSelector('tr[data-job]');
      report['jobs, dark'] = await seriousViolations(page);
      await page.goto(`${rig.daemon.url}/ui/#/jobs/${scan.body.id}`);
      await page.waitForSelector('table.findings details.rule-doc');
      report['job with findings, dark'] = await seriousViolations(page);
      expect(report).to.deep.equal({
        login: [],
        overview: [],
        jobs: [],
        job: [],
        'job, side by side': [],
        'job with findings': [],
        'new job': [],
        reports: [],
        'new job, dark': [],
        'jobs, dark': [],
        'job with findings, dark': [],
      });
    } finally {
      await context.close();
    }
  });

  it('is usable by keyboard alone: Tab reaches the navigation and Enter follows it', async () => {
    const { context, page } = await rig.open('#/overview');
    try {
      await page.waitForSelector('#secret');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.id)).to.equal('secret');
      await page.keyboard.type(rig.apiKey);
      await page.keyboard.press('Enter');
      await page.waitForSelector('nav[aria-label="Main"]');
      let reached = false;
      for (let i = 0; i < 10 && !reached; i++) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(() => document.activeElement?.textContent === 'Jobs');
      }
      expect(reached).to.equal(true);
      await page.keyboard.press('Enter');
      await page.waitForSelector('table.jobs');
    } finally {
      await context.close();
    }
  });
});

describe('dashboard on a daemon without credentials (loopback only)', function () {
  this.timeout(60_000);
  let rig: DashboardRig;
  before(async () => {
    rig = await startDashboardRig({ auth: false });
  });
  after(async () => {
    await rig?.close();
  });

  it('opens straight on the pages, with no sign-in and no sign-out', async () => {
    const { context, page } = await rig.open('#/overview');
    try {
      await page.waitForSelector('#health-status.ok');
      expect(await page.locator('#secret').count()).to.equal(0);
      expect(await page.locator('text=Sign out').count()).to.equal(0);
    } finally {
      await context.close();
    }
  });
});

describe("dashboard over the daemon's rate limit", function () {
  this.timeout(60_000);
  let rig: DashboardRig;
  before(async () => {
    rig = await startDashboardRig({ rateLimit: 40 });
  });
  after(async () => {
    await rig?.close();
  });

  it("shows the daemon's rate_limited message when the page's budget is spent, and keeps its rows", async () => {
    const { context, page } = await rig.open('#/jobs');
    try {
      await rig.signIn(page);
      await page.waitForSelector('#list-count .live');
      const first = await rig.api<Job>('POST', '/jobs', { capability: 'analysis.test-slow', input: { ms: 0 } });
      await page.waitForSelector(`tr[data-job="${first.body.id}"]`);
      // Spend the rest of this client's budget (the page signs in with a token: its address is the client).
      await page.evaluate(async () => {
        const token = sessionStorage.getItem('agentd.credential');
        for (let i = 0; i < 60; i++) await fetch('/stats', { headers: { Authorization: `Bearer ${token}` } });
      });
      // The API key is another client: this submission is not limited, and its events reach the page.
      await rig.api<Job>('POST', '/jobs', { capability: 'analysis.test-slow', input: { ms: 0 } });
      await page.waitForSelector('[role=alert]:has-text("rate_limited")');
      expect(await page.locator(`tr[data-job="${first.body.id}"]`).count()).to.equal(1);
    } finally {
      await context.close();
    }
  });
});
