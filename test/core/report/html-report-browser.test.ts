/**
 * The HTML report in a real browser: Debian's chromium (/usr/bin/chromium, installed by
 * scripts/ensure-services.sh; never a downloaded browser) driven headless through playwright-core.
 * A report of 50,000 findings loads, renders a bounded page grouped by file, and every filter
 * (severity, check, rule, file, text, suppressed) shows exactly the findings it should. The time each
 * filter takes is printed, not asserted.
 */
import { expect } from 'chai';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { toHtml } from '../../../core/report/index.js';
import { kindOf, largeReport } from './large-report.js';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

const TOTAL = 50_000;

function expected(pick: (k: ReturnType<typeof kindOf>) => boolean, withSuppressed = false): number {
  let n = 0;
  for (let i = 0; i < TOTAL; i++) {
    const k = kindOf(i);
    if ((withSuppressed || !k.suppressed) && pick(k)) n++;
  }
  return n;
}

async function countText(page: Page): Promise<string> {
  return (await page.textContent('#count')) ?? '';
}

/** The value of the option whose label starts with `label` (labels are "<name> (<count>)"). */
async function optionFor(page: Page, select: string, label: string): Promise<string> {
  const options = await page.$$eval(`${select} option`, (all) => all.map((o) => [o.textContent ?? '', o.getAttribute('value') ?? '']));
  return options.find(([text]) => text.startsWith(`${label} (`))![1]!;
}

/** Waits for the count line to say `text` (the text filters apply after a short pause in typing). */
async function countIncludes(page: Page, text: string): Promise<void> {
  await page.waitForFunction(`document.getElementById('count').textContent.includes(${JSON.stringify(text)})`);
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`      ${label}: ${(performance.now() - started).toFixed(0)} ms`);
  return result;
}

describe('core/report toHtml in headless Chromium, 50,000 findings', function () {
  this.timeout(180_000);
  let browser: Browser;
  let page: Page;
  let folder: string;
  const visible = TOTAL - expected((k) => k.suppressed, true);

  before(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing; run scripts/ensure-services.sh (it installs Debian's chromium).`);
    folder = mkdtempSync(path.join(os.tmpdir(), 'agentd-html-'));
    const file = path.join(folder, 'report.html');
    const html = toHtml(largeReport(TOTAL));
    writeFileSync(file, html);
    console.log(`      report: ${(html.length / 1024 / 1024).toFixed(1)} MB`);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
    page = await browser.newPage();
    await timed('load and first render', async () => {
      await page.goto(pathToFileURL(file).href);
      await page.waitForSelector('body[data-ready="true"]');
    });
  });

  after(async () => {
    await browser?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('renders one page of the findings, grouped by file, with the counts', async () => {
    expect(await countText(page)).to.equal(
      `Showing 200 of ${visible.toLocaleString('en-US')} matching findings (${TOTAL.toLocaleString('en-US')} in the report).`,
    );
    expect(await page.locator('article.finding').count()).to.equal(200);
    const grouped = await page.$$eval('section.file', (sections) =>
      sections.every(
        (s) => new Set([...s.querySelectorAll('article .where code:first-child')].map((c) => c.textContent!.split(':')[0])).size === 1,
      ),
    );
    expect(grouped).to.equal(true);
    // The DOM stays bounded whatever the report's size.
    expect(await page.evaluate('document.getElementsByTagName("*").length')).to.be.lessThan(10_000);
  });

  it('shows each finding with its code frame and the range marked', async () => {
    const first = page.locator('article.finding').first();
    const where = (await first.locator('.where code').first().textContent())!;
    const [, line] = where.split(':');
    expect(await first.locator('pre.code .hit .ln').textContent()).to.equal(line);
    const file = where.match(/file-(\d+)/)![1];
    expect(await first.locator('pre.code mark').textContent()).to.equal(
      `export const value${file}_${line} = compute(${line}, 'file ${file}');`.slice(13, 30),
    );
  });

  it('filters by severity (a bar of the chart picks one)', async () => {
    await timed('severity filter', () => page.click('[data-pick-sev="1"]'));
    expect(await countText(page)).to.contain(`of ${expected((k) => k.severity === 'high').toLocaleString('en-US')} matching`);
    const badges = await page.$$eval('article.finding .badge', (all) => [...new Set(all.map((b) => b.textContent))]);
    expect(badges).to.deep.equal(['high']);
    await page.click('#f-reset');
  });

  it('filters by check and by rule', async () => {
    const checkIndex = await optionFor(page, '#f-check', 'analysis.complexity');
    await timed('check filter', () => page.selectOption('#f-check', checkIndex));
    expect(await countText(page)).to.contain(
      `of ${expected((k) => k.kind.capability === 'analysis.complexity').toLocaleString('en-US')} matching`,
    );
    await page.click('#f-reset');
    const ruleIndex = await optionFor(page, '#f-rule', 'security/hardcoded-secret');
    await timed('rule filter', () => page.selectOption('#f-rule', ruleIndex));
    expect(await countText(page)).to.contain(
      `of ${expected((k) => k.kind.ruleId === 'security/hardcoded-secret').toLocaleString('en-US')} matching`,
    );
    const rules = await page.$$eval('article.finding .where code:nth-of-type(2)', (all) => [...new Set(all.map((c) => c.textContent))]);
    expect(rules).to.deep.equal(['security/hardcoded-secret']);
    await page.click('#f-reset');
  });

  it('filters by file and by text, and keeps hostile text as text', async () => {
    const inFile = `of ${expected((k) => k.file === 42).toLocaleString('en-US')} matching`;
    await timed('file filter', async () => {
      await page.fill('#f-file', 'module-42/');
      await countIncludes(page, inFile);
    });
    await page.click('#f-reset');
    const needles = `of ${expected((k) => k.needle)} matching`;
    await timed('text filter', async () => {
      await page.fill('#f-text', 'needle');
      await countIncludes(page, needles);
    });
    expect(await page.locator('article.finding .msg').first().textContent()).to.contain('<img src=x onerror="window.hacked=1">');
    expect(await page.evaluate('({ images: document.images.length, hacked: window.hacked === undefined ? "no" : "yes" })')).to.deep.equal({
      images: 0,
      hacked: 'no',
    });
    await page.click('#f-reset');
  });

  it('shows suppressed findings only when asked, with where they were suppressed', async () => {
    await page.check('#f-suppressed');
    expect(await countText(page)).to.contain(`of ${TOTAL.toLocaleString('en-US')} matching`);
    await page.fill('#f-text', 'Finding 3 of');
    await countIncludes(page, ' of 1 matching');
    expect(await page.locator('article.finding .quiet').textContent()).to.contain(
      'suppressed at src/module-3/file-3.ts:0 — checked by hand',
    );
    await page.click('#f-reset');
  });

  it('renders the next page on "Show more"', async () => {
    await timed('show more', () => page.click('#more'));
    expect(await page.locator('article.finding').count()).to.equal(400);
  });
});
