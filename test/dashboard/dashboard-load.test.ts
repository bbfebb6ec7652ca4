/**
 * The dashboard with 10,000 jobs in the store, in headless Chromium: the first load (navigation to the
 * first page of rows on screen, signed in) and the list grown to all 10,000 rows by following the
 * cursor 500 at a time. The figures are printed for the record, never asserted (the machine is shared);
 * what is asserted is that every row arrives, once, newest first.
 */
import { expect } from 'chai';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createMemoryBackend } from '../../daemon/queue/backend.js';
import { DASHBOARD_DIR } from '../../daemon/http/routes/dashboard-routes.js';
import { pendingSteps } from '../../daemon/jobs/job-record.js';
import { sampleJob } from '../daemon/queue/queue-contract.js';
import { startDashboardRig, type DashboardRig } from './dashboard-harness.js';

// Functions passed to page.waitForFunction run in the page; the test build has no DOM lib.
declare const document: { querySelectorAll(selector: string): { length: number } };

const JOBS = 10_000;

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`      ${label}: ${(performance.now() - started).toFixed(0)} ms`);
  return result;
}

describe(`dashboard with ${JOBS.toLocaleString('en')} jobs in the store (figures printed, not asserted)`, function () {
  this.timeout(300_000);
  let rig: DashboardRig;

  before(async () => {
    const backend = createMemoryBackend();
    const at = Date.now() - JOBS * 1000;
    for (let i = 0; i < JOBS; i++) {
      const time = new Date(at + i * 1000).toISOString();
      await backend.store.create(
        sampleJob({
          id: `seeded-${String(i).padStart(5, '0')}`,
          status: i % 10 === 0 ? 'failed' : 'succeeded',
          steps: pendingSteps([{ capability: i % 2 ? 'analysis.complexity' : 'analysis.security', input: {} }]),
          createdAt: time,
          updatedAt: time,
          startedAt: time,
          finishedAt: time,
        }),
      );
    }
    rig = await startDashboardRig({ backend });
  });
  after(async () => {
    await rig?.close();
  });

  it('loads, then renders all rows page by page', async () => {
    const script = readFileSync(path.join(DASHBOARD_DIR, 'app.js'));
    console.log(
      `      app.js: ${(script.length / 1024).toFixed(1)} KB, ${(gzipSync(script).length / 1024).toFixed(1)} KB gzip (the whole JavaScript of the page)`,
    );
    // Signed in once; the first load is measured on a fresh navigation with the token in the tab.
    const { context, page } = await rig.open('#/jobs');
    try {
      await rig.signIn(page);
      await page.waitForSelector('tr[data-job]');
      await page.goto('about:blank');
      await timed('first load (navigation to 50 rows on screen)', async () => {
        await page.goto(`${rig.daemon.url}/ui/#/jobs`);
        await page.waitForSelector('tr[data-job="seeded-09999"]');
      });
      const timing = await page.evaluate(() =>
        JSON.stringify(
          (globalThis as unknown as { performance: { getEntriesByType(t: string): unknown[] } }).performance.getEntriesByType(
            'navigation',
          )[0],
        ),
      );
      const nav = JSON.parse(timing) as { domContentLoadedEventEnd: number; loadEventEnd: number };
      console.log(
        `      browser navigation timing: DOMContentLoaded ${nav.domContentLoadedEventEnd.toFixed(0)} ms, load ${nav.loadEventEnd.toFixed(0)} ms`,
      );
      await page.selectOption('select[name=limit]', '500');
      await page.waitForFunction(() => document.querySelectorAll('tr[data-job]').length === 500);
      await timed(`${JOBS.toLocaleString('en')} rows by following the cursor (20 pages of 500)`, async () => {
        for (let rows = 500; rows < JOBS; rows += 500) {
          await page.click('#load-more');
          await page.waitForFunction((n) => document.querySelectorAll('tr[data-job]').length === n, rows + 500);
        }
      });
      const ids = await page.$$eval('tr[data-job]', (rows) => rows.map((row) => row.getAttribute('data-job')!));
      expect(ids.length).to.equal(JOBS);
      expect(new Set(ids).size).to.equal(JOBS);
      expect(ids[0]).to.equal('seeded-09999');
      expect(ids.at(-1)).to.equal('seeded-00000');
      expect(await page.locator('#load-more').count()).to.equal(0);
      await timed('status filter "failed" over 10,000 jobs (first page on screen)', async () => {
        await page.check('input[name=status][value=failed]');
        await page.waitForFunction(
          () =>
            document.querySelectorAll('tr[data-job][data-status="succeeded"]').length === 0 &&
            document.querySelectorAll('tr[data-job]').length === 500,
        );
      });
      await timed('text filter over 10,000 jobs (one match, bounded scans followed)', async () => {
        await page.uncheck('input[name=status][value=failed]');
        await page.fill('input[name=text]', 'seeded-00042');
        // Newest first, the first request looks at 5,000 jobs and finds none: an empty page with a next link.
        await page.waitForFunction(() => document.querySelectorAll('tr[data-job]').length === 0);
        while ((await page.locator('tr[data-job="seeded-00042"]').count()) === 0) {
          await page.click('#load-more');
          await page.waitForFunction(() => document.querySelectorAll('#load-more[disabled]').length === 0);
        }
      });
      expect(await page.locator('tr[data-job]').count()).to.equal(1);
    } finally {
      await context.close();
    }
  });
});
