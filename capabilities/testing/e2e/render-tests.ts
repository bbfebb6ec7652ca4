/**
 * The generated end-to-end test file: the project's server started once before the tests (its `node
 * <entry>` script with PORT set to a free port, or its static folder served by a small file server in
 * the test) and Chromium launched through playwright-core with the machine's executable; a fresh page
 * per test. One test per page (status, title, headings, visible texts), per link (clicked: the address,
 * title and headings it leads to) and per form (filled in and sent: where it leads, or what it shows).
 * In the project's runner (describe/it, its hook names, a 60 s timeout where the runner has a short
 * default) and module system, asserting with node:assert/strict.
 */
import path from 'node:path';
import type { TestRunnerName } from '../../../core/index.js';
import type { E2eCase, Expected } from './cases.js';
import type { ServerSpec } from './find-app.js';
import { CONTENT_TYPES } from './field-values.js';

const js = (value: unknown): string => JSON.stringify(value);
const quoted = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;

export interface RenderOptions {
  runner: TestRunnerName;
  esm: boolean;
  testPath: string;
  server: ServerSpec;
  chromium: string;
  playwright: string;
  cases: E2eCase[];
}

function serverLines(server: ServerSpec): string[] {
  if (server.kind === 'static')
    return [
      `const TYPES = ${js(CONTENT_TYPES)};`,
      '',
      `// The static folder ${server.dir === '.' ? '(the project root)' : `${server.dir}/`} served as files on a free port of 127.0.0.1.`,
      'async function startServer() {',
      `  const dir = path.join(root, ${quoted(server.dir)});`,
      '  const server = http.createServer((req, res) => {',
      "    let file = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);",
      "    if (file.endsWith('/')) file += 'index.html';",
      '    const full = path.join(dir, file);',
      "    if (!full.startsWith(dir + path.sep)) return void res.writeHead(404).end('Not found');",
      '    readFile(full).then(',
      "      (body) => res.writeHead(200, { 'content-type': TYPES[path.extname(full)] ?? 'application/octet-stream' }).end(body),",
      "      () => res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found'),",
      '    );',
      '  });',
      "  server.listen(0, '127.0.0.1');",
      "  await once(server, 'listening');",
      '  return {',
      '    base: `http://127.0.0.1:${server.address().port}`,',
      '    stop: () => new Promise((resolve) => server.close(resolve)),',
      '  };',
      '}',
    ];
  const argv = [server.entry, ...server.args];
  return [
    'async function freePort() {',
    '  const probe = net.createServer();',
    "  probe.listen(0, '127.0.0.1');",
    "  await once(probe, 'listening');",
    '  const { port } = probe.address();',
    '  probe.close();',
    "  await once(probe, 'close');",
    '  return port;',
    '}',
    '',
    `// The project's "${server.script}" script (node ${argv.join(' ')}) with PORT set to a free port.`,
    'async function startServer() {',
    '  const port = await freePort();',
    `  const child = spawn(process.execPath, ${js(argv)}, {`,
    '    cwd: root,',
    '    env: { ...process.env, PORT: String(port) },',
    "    stdio: ['ignore', 'ignore', 'pipe'],",
    '  });',
    "  let stderr = '';",
    "  child.stderr.on('data', (chunk) => (stderr += chunk));",
    '  const base = `http://127.0.0.1:${port}`;',
    '  for (let i = 0; i < 300; i += 1) {',
    '    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}: ${stderr}`);',
    '    try {',
    '      await fetch(base);',
    '      return {',
    '        base,',
    '        stop: async () => {',
    '          child.kill();',
    "          if (child.exitCode === null) await once(child, 'exit');",
    '        },',
    '      };',
    '    } catch {',
    '      await new Promise((resolve) => setTimeout(resolve, 50));',
    '    }',
    '  }',
    '  child.kill();',
    '  throw new Error(`the server did not answer on port ${port}: ${stderr}`);',
    '}',
  ];
}

function expectLines(e: Expected): string[] {
  const lines: string[] = [];
  if (e.path !== undefined) lines.push(`    assert.equal(pathOf(page), ${quoted(e.path)});`);
  if (e.title !== undefined) lines.push(`    assert.equal(await page.title(), ${quoted(e.title)});`);
  if (e.headings !== undefined) lines.push(`    assert.deepEqual(await headings(page), ${js(e.headings)});`);
  if (e.texts.length > 0) {
    lines.push("    const text = await page.locator('body').innerText();");
    for (const t of e.texts) lines.push(`    assert.ok(text.includes(${quoted(t)}), ${quoted(`shows "${t}"`)});`);
  }
  return lines;
}

function caseLines(c: E2eCase): string[] {
  if (c.kind === 'page')
    return [
      `    const res = await page.goto(\`\${server.base}${c.path}\`);`,
      `    assert.equal(res.status(), ${c.status});`,
      ...expectLines(c.expected),
    ];
  if (c.kind === 'link')
    return [
      `    await page.goto(\`\${server.base}${c.from}\`);`,
      `    await Promise.all([page.waitForEvent('load'), page.getByRole('link', { name: ${quoted(c.text)}, exact: true }).click()]);`,
      ...expectLines(c.expected),
    ];
  const form = c.action !== null ? `page.locator(${quoted(`form[action="${c.action}"]`)})` : `page.locator('form').nth(${c.index})`;
  const lines = [`    await page.goto(\`\${server.base}${c.from}\`);`, `    const form = ${form};`];
  for (const f of c.fills) {
    const field = `form.locator(${quoted(f.radioValue !== undefined ? `[name="${f.name}"][value="${f.radioValue}"]` : `[name="${f.name}"]`)})`;
    if (f.action === 'fill') lines.push(`    await ${field}.fill(${quoted(f.value)});`);
    else if (f.action === 'select') lines.push(`    await ${field}.selectOption(${quoted(f.value)});`);
    else lines.push(`    await ${field}.check();`);
  }
  const submit = `form.locator('button[type="submit"], input[type="submit"], button:not([type])').first()`;
  if (c.navigated) lines.push(`    await Promise.all([page.waitForEvent('load'), ${submit}.click()]);`, ...expectLines(c.expected));
  else {
    lines.push(`    await ${submit}.click();`);
    // A script updates the page: wait for each text it shows, then assert the rest.
    for (const t of c.expected.texts) lines.push(`    await page.locator('body', { hasText: ${quoted(t)} }).waitFor();`);
    lines.push(...expectLines({ ...c.expected, texts: [] }));
  }
  return lines;
}

export function renderE2eTests(options: RenderOptions): string {
  const { runner, esm, testPath, server, chromium, playwright, cases } = options;
  const up = path.posix.relative(path.posix.dirname(testPath), '.') || '.';
  const mochaStyle = runner === 'mocha';
  const longDefault = runner === 'vitest' || runner === 'jest';
  const hooks = longDefault ? ['beforeAll', 'afterAll'] : ['before', 'after'];
  const imports = ['describe', 'it', ...hooks, 'beforeEach', 'afterEach'];
  const from = runner === 'vitest' ? 'vitest' : 'node:test';
  const importsRunner = runner === 'node:test' || runner === 'vitest';
  const staticServer = server.kind === 'static';
  const lines = [
    `// Generated by agentd testing.e2e: end-to-end tests of the app's pages in Chromium (${playwright}), against ${staticServer ? `its static folder ${server.dir}` : `its "${server.script}" script`} on a free port.`,
  ];
  if (esm) {
    if (importsRunner) lines.push(`import { ${imports.join(', ')} } from '${from}';`);
    lines.push("import assert from 'node:assert/strict';");
    if (!staticServer) lines.push("import { spawn } from 'node:child_process';");
    lines.push("import { once } from 'node:events';");
    if (staticServer) lines.push("import { readFile } from 'node:fs/promises';", "import http from 'node:http';");
    else lines.push("import net from 'node:net';");
    if (staticServer) lines.push("import path from 'node:path';");
    lines.push("import { fileURLToPath } from 'node:url';", `import { chromium } from '${playwright}';`, '');
    lines.push(`const root = fileURLToPath(new URL(${quoted(`${up}/`)}, import.meta.url));`);
  } else {
    if (importsRunner) lines.push(`const { ${imports.join(', ')} } = require('${from}');`);
    lines.push("const assert = require('node:assert/strict');");
    if (!staticServer) lines.push("const { spawn } = require('node:child_process');");
    lines.push("const { once } = require('node:events');");
    if (staticServer) lines.push("const { readFile } = require('node:fs/promises');", "const http = require('node:http');");
    else lines.push("const net = require('node:net');");
    lines.push("const path = require('node:path');", `const { chromium } = require('${playwright}');`, '');
    lines.push(`const root = path.join(__dirname, ${quoted(up)});`);
  }
  lines.push(
    `const CHROMIUM = process.env.CHROMIUM_PATH || ${quoted(chromium)};`,
    '',
    ...serverLines(server),
    '',
    'const pathOf = (page) => {',
    '  const url = new URL(page.url());',
    '  return url.pathname + url.search;',
    '};',
    '',
    '// The visible h1–h3 texts, whitespace collapsed.',
    'async function headings(page) {',
    "  const texts = await page.locator('h1:visible, h2:visible, h3:visible').allInnerTexts();",
    "  return texts.map((t) => t.replace(/\\s+/g, ' ').trim()).filter(Boolean);",
    '}',
    '',
  );
  const timeoutArg = longDefault ? ', 60_000' : '';
  lines.push(mochaStyle ? "describe('pages of the app, end to end', function () {" : "describe('pages of the app, end to end', () => {");
  if (mochaStyle) lines.push('  this.timeout(60_000);');
  lines.push(
    '  let server;',
    '  let browser;',
    '  let page;',
    '',
    `  ${hooks[0]}(async () => {`,
    '    server = await startServer();',
    '    browser = await chromium.launch({ executablePath: CHROMIUM });',
    `  }${timeoutArg});`,
    '',
    `  ${hooks[1]}(async () => {`,
    '    await browser?.close();',
    '    await server?.stop();',
    `  }${timeoutArg});`,
    '',
    '  beforeEach(async () => {',
    '    page = await browser.newPage();',
    `  }${timeoutArg});`,
    '',
    '  afterEach(async () => {',
    '    await page.close();',
    `  }${timeoutArg});`,
  );
  for (const c of cases) lines.push('', `  it(${quoted(c.title)}, async () => {`, ...caseLines(c), `  }${timeoutArg});`);
  lines.push('});');
  return `${lines.join('\n')}\n`;
}
