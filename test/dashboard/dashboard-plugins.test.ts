/**
 * A plugin capability in the dashboard, like a first-party one: offered by its namespaced id in the
 * new-job form and the jobs filter, run from the form, its findings shown (Debian chromium, real daemon
 * with the license-header example plugin).
 */
import { expect } from 'chai';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDashboardRig, type DashboardRig } from './dashboard-harness.js';

const EXAMPLE = fileURLToPath(new URL('../../../plugins/examples/license-header', import.meta.url));

describe('dashboard with a plugin capability (headless Chromium)', function () {
  this.timeout(120_000);
  let rig: DashboardRig;

  before(async () => {
    rig = await startDashboardRig({ plugins: [EXAMPLE] });
    const root = path.join(rig.daemon.workspace, 'project');
    await mkdir(root, { recursive: true });
    await writeFile(path.join(root, 'a.js'), 'export const a = 1;\n');
    await writeFile(path.join(root, 'b.js'), '// SPDX-License-Identifier: MIT\nexport const b = 2;\n');
  });
  after(() => rig?.close());

  it('offers acme/analysis.license-header in the new-job form, runs it and shows its finding; the jobs filter offers it too', async () => {
    const { context, page, errors } = await rig.open('#/new');
    try {
      await rig.signIn(page);
      await page.selectOption('#capability', 'acme/analysis.license-header');
      const workspace = await page.$('#workspace');
      if (workspace) await workspace.fill('project');
      await page.click('button[type=submit].primary');
      await page.waitForSelector('main[data-status="succeeded"]', { timeout: 60_000 });
      const text = await page.textContent('main');
      expect(text).to.include('acme/analysis.license-header');
      expect(text).to.include('license-header/missing');
      await page.goto(`${rig.daemon.url}/ui/#/jobs`);
      await page.waitForSelector('select[name=capability]');
      const options = await page.$$eval('select[name=capability] option', (nodes) =>
        nodes.map((n) => (n as unknown as { value: string }).value),
      );
      expect(options).to.include('acme/analysis.license-header');
      expect(errors.filter((e) => !e.includes('status of 401'))).to.deep.equal([]);
    } finally {
      await context.close();
    }
  });
});
