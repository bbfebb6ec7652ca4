/**
 * `node probe-pages.js` with a {@link PageProbe} as JSON on stdin: starts the project's server as the
 * generated tests will (its `node <entry>` script with PORT set to a free port, or the static folder
 * served as files), opens Chromium (the machine's, through the project's own playwright-core) and
 * crawls from the seed paths over same-origin links: per HTML page its status, title, headings and
 * visible texts, then each new link clicked and each form filled and submitted, with where that led.
 * Prints the observations as JSON after a marker. Runs only inside the sandbox (testing.e2e starts it
 * through ctx.tools.runCommand): agentd's code driving the project's code; never imported.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import type { ServerSpec } from './find-app.js';
import { CONTENT_TYPES, FIELD_TYPES_SKIPPED, valueFor, type FieldFact } from './field-values.js';
import { COLLECT_PAGE, type Collected } from './collect-page.js';

export interface PageProbe {
  root: string;
  server: ServerSpec;
  seeds: string[];
  maxPages: number;
  chromium: string;
  /** The package the project's tests import `chromium` from. */
  playwright: string;
}

export interface NavOutcome {
  path: string;
  title: string;
  headings: string[];
  texts: string[];
}

export interface LinkObs {
  text: string;
  href: string;
  landed?: NavOutcome;
  error?: string;
}

export interface FormFill {
  name: string;
  action: 'fill' | 'select' | 'check';
  value: string;
  /** For a radio button: its value attribute picks the one to check. */
  radioValue?: string;
}

export interface FormObs {
  index: number;
  selector: string;
  submitText: string;
  fills: FormFill[];
  navigated?: boolean;
  after?: NavOutcome;
  skipped?: string;
  error?: string;
}

export interface PageObs {
  path: string;
  status?: number;
  contentType?: string;
  landedPath?: string;
  title?: string;
  headings?: string[];
  texts?: string[];
  links?: LinkObs[];
  forms?: FormObs[];
  skipped?: string;
}

const MARKER = '@@agentd-probe@@';
const LINKS_PER_PAGE = 8;
const NAV_TIMEOUT = 10_000;

async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

async function startServer(probe: PageProbe): Promise<{ base: string; stop: () => Promise<void> }> {
  if (probe.server.kind === 'static') {
    const dir = path.resolve(probe.root, probe.server.dir);
    const server = http.createServer((req, res) => {
      let file = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
      if (file.endsWith('/')) file += 'index.html';
      const full = path.join(dir, file);
      if (!full.startsWith(dir + path.sep)) {
        res.writeHead(404).end('Not found');
        return;
      }
      readFile(full).then(
        (body) => res.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(full)] ?? 'application/octet-stream' }).end(body),
        () => res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found'),
      );
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return {
      base: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
      stop: () => new Promise((resolve) => server.close(() => resolve())),
    };
  }
  const port = await freePort();
  const child = spawn(process.execPath, [probe.server.entry, ...probe.server.args], {
    cwd: probe.root,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}: ${stderr.slice(-500)}`);
    try {
      await fetch(base);
      return {
        base,
        stop: async () => {
          child.kill();
          if (child.exitCode === null) await once(child, 'exit');
        },
      };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  child.kill();
  throw new Error(`the server did not answer on port ${port} within 15 s: ${stderr.slice(-500)}`);
}

const pathOf = (url: string): string => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

async function outcome(page: Page): Promise<NavOutcome> {
  const seen = (await page.evaluate(`(${COLLECT_PAGE})()`)) as Collected;
  return { path: pathOf(page.url()), title: seen.title, headings: seen.headings, texts: seen.texts };
}

async function clickLink(page: Page, base: string, from: string, link: LinkObs): Promise<void> {
  try {
    await page.goto(`${base}${from}`, { waitUntil: 'load' });
    const target = page.getByRole('link', { name: link.text, exact: true });
    if ((await target.count()) !== 1) {
      link.error = 'its text names more than one link';
      return;
    }
    await Promise.all([page.waitForEvent('load', { timeout: NAV_TIMEOUT }), target.click()]);
    link.landed = await outcome(page);
  } catch (error) {
    link.error = (error as Error).message.split('\n')[0];
  }
}

async function submitForm(page: Page, base: string, from: string, form: FormObs): Promise<void> {
  try {
    await page.goto(`${base}${from}`, { waitUntil: 'load' });
    const root = page.locator(form.selector);
    for (const fill of form.fills) {
      const field: Locator = root.locator(
        fill.radioValue !== undefined ? `[name="${fill.name}"][value="${fill.radioValue}"]` : `[name="${fill.name}"]`,
      );
      if (fill.action === 'fill') await field.fill(fill.value);
      else if (fill.action === 'select') await field.selectOption(fill.value);
      else await field.check();
    }
    const before = (await page.evaluate(`(${COLLECT_PAGE})()`)) as Collected;
    const submit = root.locator('button[type="submit"], input[type="submit"], button:not([type])').first();
    try {
      await Promise.all([page.waitForEvent('load', { timeout: 5000 }), submit.click()]);
      form.navigated = true;
      form.after = await outcome(page);
    } catch {
      // No new document: a form a script handles. What it changed on the page is its outcome.
      await page.waitForLoadState('networkidle');
      form.navigated = false;
      const after = await outcome(page);
      form.after = { ...after, texts: after.texts.filter((t) => !before.texts.includes(t)) };
    }
  } catch (error) {
    form.error = (error as Error).message.split('\n')[0];
  }
}

function formsOf(seen: Collected): FormObs[] {
  return seen.forms.map((f, index) => {
    const selector =
      f.action && seen.forms.filter((o) => o.action === f.action).length === 1 ? `form[action="${f.action}"]` : `form >> nth=${index}`;
    const obs: FormObs = { index, selector, submitText: f.submitText ?? '', fills: [] };
    if (!f.visible) {
      obs.skipped = 'not visible';
      return obs;
    }
    if (f.submitText === null) {
      obs.skipped = 'no submit button';
      return obs;
    }
    const radios = new Set<string>();
    for (const field of f.fields as FieldFact[]) {
      if (!field.name || FIELD_TYPES_SKIPPED.includes(field.type)) {
        if (field.required) obs.skipped = `a required ${field.type} field (${field.name || 'unnamed'}) gets no made-up value`;
        continue;
      }
      if (field.type === 'radio') {
        if (radios.has(field.name)) continue;
        radios.add(field.name);
        obs.fills.push({ name: field.name, action: 'check', value: field.value, radioValue: field.value });
        continue;
      }
      const value = valueFor(field);
      if (value === null) {
        if (field.required) obs.skipped = `the required field ${field.name} has a pattern (${field.pattern}) no value is made up for`;
        continue;
      }
      obs.fills.push({ name: field.name, action: field.tag === 'select' ? 'select' : field.type === 'checkbox' ? 'check' : 'fill', value });
    }
    return obs;
  });
}

async function crawl(browser: Browser, base: string, probe: PageProbe): Promise<PageObs[]> {
  const page = await browser.newPage();
  const queue = [...probe.seeds];
  const queued = new Set(queue);
  const pages: PageObs[] = [];
  const linkTargets = new Set<string>();
  while (queue.length > 0 && pages.filter((p) => !p.skipped).length < probe.maxPages) {
    const at = queue.shift()!;
    const obs: PageObs = { path: at };
    pages.push(obs);
    try {
      const response = await page.goto(`${base}${at}`, { waitUntil: 'load' });
      obs.status = response?.status();
      obs.contentType = response?.headers()['content-type']?.split(';')[0];
      if (obs.contentType !== 'text/html') {
        obs.skipped = `not an HTML page (${obs.contentType ?? 'no content type'})`;
        continue;
      }
      if ((obs.status ?? 0) >= 400) {
        obs.skipped = `answered ${obs.status}`;
        continue;
      }
      obs.landedPath = pathOf(page.url());
      const seen = (await page.evaluate(`(${COLLECT_PAGE})()`)) as Collected;
      obs.title = seen.title;
      obs.headings = seen.headings;
      obs.texts = seen.texts;
      obs.links = [];
      const names = seen.links.map((l) => l.text);
      for (const link of seen.links) {
        if (!link.href.startsWith(`${base}/`)) continue;
        const target = pathOf(link.href.split('#')[0]!);
        if (!queued.has(target) && !/\.(png|jpe?g|gif|svg|ico|css|js|json|pdf|zip|txt|xml|webp)$/i.test(target.split('?')[0]!)) {
          queued.add(target);
          queue.push(target);
        }
        if (link.href.includes('#') || target === obs.landedPath || linkTargets.has(target)) continue;
        if (!link.text || names.filter((n) => n === link.text).length > 1) continue;
        if (obs.links.length >= LINKS_PER_PAGE) continue;
        linkTargets.add(target);
        obs.links.push({ text: link.text, href: target });
      }
      obs.forms = formsOf(seen);
    } catch (error) {
      obs.skipped = `could not be opened: ${(error as Error).message.split('\n')[0]}`;
    }
  }
  for (const obs of pages) {
    if (obs.skipped) continue;
    for (const link of obs.links ?? []) await clickLink(page, base, obs.path, link);
    for (const form of obs.forms ?? []) if (!form.skipped) await submitForm(page, base, obs.path, form);
  }
  await page.close();
  return pages;
}

async function main(): Promise<void> {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const probe = JSON.parse(input) as PageProbe;
  const require = createRequire(path.join(probe.root, 'package.json'));
  const pw = (await import(pathToFileURL(require.resolve(probe.playwright)).href)) as typeof import('playwright-core');
  const chromium = pw.chromium ?? (pw as unknown as { default: typeof import('playwright-core') }).default.chromium;
  const server = await startServer(probe);
  const browser = await chromium.launch({ executablePath: probe.chromium, args: ['--disable-gpu', '--disable-dev-shm-usage'] });
  let pages: PageObs[];
  try {
    pages = await crawl(browser, server.base, probe);
  } finally {
    await browser.close();
    await server.stop();
  }
  process.stdout.write(`\n${MARKER}${JSON.stringify(pages)}\n`);
  process.exit(0);
}

await main();
