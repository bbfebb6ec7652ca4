/**
 * The agent's approval step in the browser, end to end on a copy of fixtures/legacy-js-package: a task
 * typed in the New job form is planned (the numbered plan appears), its rename step's diff is shown, a
 * follow-up message refines it (a new diff), the approval (key y, then confirm) verifies with the package's own tests and writes the file.
 */
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { startDashboardRig, type DashboardRig } from './dashboard-harness.js';
import { seriousViolations } from './axe.js';

// Functions passed to page.waitForFunction run in the page; the test build has no DOM lib.
declare const document: {
  querySelector(selector: string): unknown;
  querySelectorAll(selector: string): Iterable<{ textContent: string | null }>;
};

describe('dashboard: a task planned, its diff reviewed and approved in headless Chromium', function () {
  this.timeout(300_000);
  let rig: DashboardRig;

  before(async () => {
    rig = await startDashboardRig({ fixture: 'legacy-js-package', linkNodeModules: true });
  });
  after(async () => {
    await rig?.close();
  });

  it('submit a task -> the plan appears -> the step diff -> refine -> the new diff -> approve -> succeeded and the file changed on disk', async () => {
    const file = path.join(rig.daemon.workspace, 'project', 'lib', 'format.js');
    expect(await readFile(file, 'utf8')).to.include('function fullName(person)');
    const { context, page } = await rig.open('#/new');
    try {
      await rig.signIn(page);
      await page.check('input[name=kind][value=task]');
      await page.fill('#task', 'rename fullName to displayName');
      await page.fill('#workspace', 'project');
      await page.click('button[type=submit].primary');
      await page.waitForSelector('main[data-status="awaiting_approval"]', { timeout: 120_000 });
      const plan = await page.locator('ol.plan li').allTextContents();
      expect(plan).to.have.length(2);
      expect(plan[0]).to.include('refactoring.rename');
      expect(plan[1]).to.include('refactoring.verify');
      const diff = page.locator('li[data-step="0"] figure.change[data-path="lib/format.js"]');
      await diff.waitFor();
      const added = await diff.locator('.line.add').allTextContents();
      const removed = await diff.locator('.line.del').allTextContents();
      expect(added.join('\n')).to.include('function displayName(person) {');
      expect(removed.join('\n')).to.include('function fullName(person) {');
      // JavaScript is highlighted (as text spans), and the colours keep their contrast on the diff's backgrounds.
      expect(await diff.locator('.line.add .tok-kw', { hasText: 'function' }).count()).to.be.greaterThan(0);
      expect(await seriousViolations(page)).to.deep.equal([]);
      await page.keyboard.press('v');
      await page.waitForSelector('table.diff.side .tok-kw');
      expect(await seriousViolations(page)).to.deep.equal([]);
      // The dark theme (following the system) keeps its contrast too.
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await seriousViolations(page)).to.deep.equal([]);
      await page.keyboard.press('v');
      expect(await seriousViolations(page)).to.deep.equal([]);
      await page.emulateMedia({ colorScheme: 'light' });
      // Nothing is written before the approval.
      expect(await readFile(file, 'utf8')).to.include('function fullName(person)');
      // Refine: a message re-plans and re-stages; the new diff replaces the old one.
      await page.fill('#followup', 'call it displayLabel instead');
      await page.click('form.followup button[type=submit]');
      await page.waitForFunction(
        () => {
          const main = document.querySelector('main[data-status="awaiting_approval"]');
          return (
            main !== null &&
            [...document.querySelectorAll('li[data-step="0"] .line.add')].some((line) =>
              line.textContent!.includes('function displayLabel(person)'),
            )
          );
        },
        undefined,
        { timeout: 120_000 },
      );
      expect(await page.locator('ol.turns li').count()).to.be.greaterThan(2);
      await page.keyboard.press('y');
      await page.click('dialog.confirm button.danger');
      await page.waitForSelector('main[data-status="succeeded"]', { timeout: 180_000 });
      expect(await readFile(file, 'utf8'))
        .to.include('function displayLabel(person)')
        .and.not.include('function fullName')
        .and.not.include('function displayName');
      expect(await page.textContent('ol.turns')).to.include('Applied');
    } finally {
      await context.close();
    }
  });
});
