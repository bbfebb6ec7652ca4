/**
 * A real daemon with auth on (API key and JWT secret) and Debian's chromium (/usr/bin/chromium, never a
 * downloaded browser) driven headless through playwright-core, for the dashboard's browser tests.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { DASHBOARD_DIR } from '../../daemon/http/routes/dashboard-routes.js';
import type { QueueBackend } from '../../daemon/queue/backend.js';
import { startTestDaemon, type TestDaemon } from '../daemon/support/daemon-harness.js';
import { REPO_NODE_MODULES } from '../daemon/agent/agent-support.js';

export const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export interface DashboardRig {
  daemon: TestDaemon;
  browser: Browser;
  apiKey: string;
  /** The REST API with the key, from Node. */
  api<T = unknown>(method: string, route: string, body?: unknown): Promise<{ status: number; body: T }>;
  /** A fresh browser context (its own sessionStorage) on the dashboard, not signed in. */
  open(hash?: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }>;
  signIn(page: Page, secret?: string): Promise<void>;
  waitForStatus(id: string, status: string): Promise<void>;
  close(): Promise<void>;
}

export interface DashboardRigOptions {
  backend?: QueueBackend;
  /** A folder under fixtures/ copied into the workspace as `project/`. */
  fixture?: string;
  /** Trust `project` with project code and link agentd's node_modules into it (its tests can run). */
  linkNodeModules?: boolean;
  /** false: a daemon without credentials (loopback only), whose dashboard opens without sign-in. */
  auth?: boolean;
  /** Requests per minute per client (security.rateLimiting), off when absent. */
  rateLimit?: number;
  /** Plugin folders (config `plugins`). */
  plugins?: string[];
}

export async function startDashboardRig(options: DashboardRigOptions = {}): Promise<DashboardRig> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing; run scripts/ensure-services.sh (it installs Debian's chromium).`);
  if (!existsSync(path.join(DASHBOARD_DIR, 'app.js')))
    throw new Error('dist/ui is not built; run "node scripts/build-dashboard.mjs" (npm run build does).');
  const apiKey = randomBytes(24).toString('base64url');
  const daemon = await startTestDaemon({
    backend: options.backend,
    fixture: options.fixture,
    configure: (config) => {
      if (options.auth !== false) {
        config.security.apiKey = apiKey;
        config.security.jwtSecret = randomBytes(32).toString('base64url');
      }
      config.server.maxConcurrent = 4;
      if (options.linkNodeModules) config.security.trustedWorkspaces = ['project'];
      if (options.plugins) config.plugins = options.plugins;
      if (options.rateLimit) config.security.rateLimiting = { enabled: true, requests: options.rateLimit, window: '1m', windowMs: 60_000 };
    },
  });
  if (options.linkNodeModules) await symlink(REPO_NODE_MODULES, path.join(daemon.workspace, 'project', 'node_modules'), 'dir');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const api: DashboardRig['api'] = async (method, route, body) => {
    const response = await fetch(`${daemon.url}${route}`, {
      method,
      headers: { Authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as never };
  };
  return {
    daemon,
    browser,
    apiKey,
    api,
    async open(hash = '#/overview') {
      const context = await browser.newContext();
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      await page.goto(`${daemon.url}/ui/${hash}`);
      return { context, page, errors };
    },
    async signIn(page, secret = apiKey) {
      await page.fill('#secret', secret);
      await page.click('button[type=submit]');
      await page.waitForSelector('nav[aria-label="Main"]');
    },
    async waitForStatus(id, status) {
      for (let i = 0; i < 3600; i++) {
        const { body } = await api<{ status: string }>('GET', `/jobs/${id}`);
        if (body.status === status) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`job ${id} never reached ${status}`);
    },
    async close() {
      await browser.close();
      await daemon.close();
    },
  };
}
