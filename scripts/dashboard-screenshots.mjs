#!/usr/bin/env node
/**
 * Takes the screenshots of docs/dashboard/ (docs/dashboard.md links them): a real daemon with auth on
 * and a few real jobs on fixtures/vulnerable-app, Debian's chromium headless. Run after a build:
 *   npm run build && npx tsc -p tsconfig.json && node scripts/dashboard-screenshots.mjs
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { startDashboardRig } = await import(path.join(root, 'dist/test/dashboard/dashboard-harness.js'));
const out = path.join(root, 'docs', 'dashboard');
const rig = await startDashboardRig({ fixture: 'vulnerable-app' });
try {
  const submit = async (body) => (await rig.api('POST', '/jobs', body)).body;
  const scan = await submit({ capability: 'analysis.security', workspace: 'project' });
  await rig.waitForStatus(scan.id, 'succeeded').catch(() => {});
  for (let i = 0; i < 2; i++) {
    const quality = await submit({ capability: 'analysis.quality', workspace: 'project' });
    await rig.waitForStatus(quality.id, 'succeeded').catch(() => {});
  }
  await submit({ capability: 'analysis.test-slow', input: { ms: 20 } });
  await submit({ capability: 'analysis.test-slow', input: { ms: -1 } }).catch(() => {});
  const writer = await submit({
    capability: 'refactoring.test-writer',
    input: {
      path: 'project/src/greeting.ts',
      content: 'export function greet(name: string): string {\n  // one friendly line\n  return `Hello, ${name}`;\n}\n',
    },
  });
  await rig.waitForStatus(writer.id, 'awaiting_approval');
  await submit({ capability: 'analysis.test-slow', input: { ms: 120_000 } });
  await new Promise((resolve) => setTimeout(resolve, 500));

  const { context, page } = await rig.open('#/overview');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForSelector('#secret');
  await page.screenshot({ path: path.join(out, 'sign-in.png') });
  await rig.signIn(page);
  await page.waitForSelector('table.depth');
  await page.screenshot({ path: path.join(out, 'overview.png'), fullPage: true });
  await page.goto(`${rig.daemon.url}/ui/#/jobs`);
  await page.waitForSelector('tr[data-job]');
  await page.screenshot({ path: path.join(out, 'jobs.png'), fullPage: true });
  await page.goto(`${rig.daemon.url}/ui/#/jobs/${writer.id}`);
  await page.waitForSelector('figure.change');
  await page.screenshot({ path: path.join(out, 'job-approval.png'), fullPage: true });
  await page.goto(`${rig.daemon.url}/ui/#/jobs/${scan.id}`);
  await page.waitForSelector('table.findings');
  await page.selectOption('select[name=severity]', 'critical');
  const box = await page.locator('section[aria-labelledby="findings-title"]').boundingBox();
  await page.screenshot({
    path: path.join(out, 'job-findings.png'),
    fullPage: true,
    clip: { x: 0, y: box.y - 10, width: 1280, height: Math.min(box.height + 20, 800) },
  });
  await page.goto(`${rig.daemon.url}/ui/#/new`);
  await page.selectOption('#capability', 'analysis.security');
  await page.screenshot({ path: path.join(out, 'new-job.png'), fullPage: true });
  await page.goto(`${rig.daemon.url}/ui/#/reports`);
  await page.waitForSelector('table.trend-table');
  await page.screenshot({ path: path.join(out, 'reports.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${rig.daemon.url}/ui/#/jobs`);
  await page.waitForSelector('tr[data-job]');
  await page.screenshot({ path: path.join(out, 'jobs-375.png') });
  await context.close();
  console.log(`screenshots written to ${path.relative(root, out)}`);
} finally {
  await rig.close();
}
