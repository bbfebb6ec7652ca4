/** testing.e2e's tester suite: nothing generated without the permission (notRun), refusals (nothing to serve, no playwright, a file already there), input schema. */
import { expect } from 'chai';
import path from 'node:path';
import { CapabilityTester } from '../../../core/tester/index.js';
import { fixturePath, REPO } from '../support/sample-runs.js';

const PAGES = { fixture: fixturePath('testing', 'express-pages'), nodeModules: path.join(REPO, 'node_modules') };

describe('testing.e2e cases', function () {
  this.timeout(120_000);
  new CapabilityTester({ capability: 'testing.e2e' }).run({
    valid: [
      {
        name: 'without the project-code permission: the server is not started, nothing generated (notRun), how it would serve and crawl listed',
        ...PAGES,
        check: (outcome) => {
          expect(outcome.result!.notRun).to.deep.equal([
            { part: 'generation', reason: "project code not allowed (the project's server is started and its pages opened in Chromium)" },
          ]);
          const data = outcome.result!.data as { server: unknown; seeds: string[]; generated: boolean };
          expect(data.generated).to.equal(false);
          expect(data.server).to.deep.equal({ kind: 'script', script: 'start', entry: 'src/server.js', args: [] });
          expect(data.seeds).to.deep.equal(['/', '/about.html', '/contact.html', '/health', '/tasks']);
        },
      },
      {
        name: 'a start script whose server does not read PORT: its static folder is served instead',
        nodeModules: path.join(REPO, 'node_modules'),
        files: {
          'package.json': JSON.stringify({ name: 'p', private: true, scripts: { start: 'node server.js' } }),
          'server.js': "require('http').createServer(() => {}).listen(8080);\n",
          'public/index.html': '<title>Home</title><h1>Home</h1>',
        },
        check: (outcome) => {
          expect((outcome.result!.data as { server: unknown }).server).to.deep.equal({ kind: 'static', dir: 'public' });
        },
      },
      {
        name: 'a Vite app (its dev script is not a node server): its built dist/ folder is served',
        files: {
          'package.json': JSON.stringify({ name: 'v', private: true, type: 'module', scripts: { dev: 'vite', preview: 'vite preview' } }),
          'index.html': '<div id="root"></div><script type="module" src="/src/main.js"></script>',
          'src/main.js': "document.getElementById('root').textContent = 'Hello';\n",
          'dist/index.html': '<title>Built</title><div id="root"></div>',
        },
        check: (outcome) => {
          const data = outcome.result!.data as { server: unknown; seeds: string[] };
          expect(data.server).to.deep.equal({ kind: 'static', dir: 'dist' });
          expect(data.seeds).to.deep.equal(['/']);
        },
      },
      {
        name: 'nothing to serve and no permission: not run, and the summary says why nothing could serve it either',
        files: { 'package.json': JSON.stringify({ name: 'p', private: true, scripts: { start: 'next start' } }) },
        check: (outcome) => {
          expect(outcome.result!.summary).to.include('found no way to serve it either: the "start" script (next start) is not one plain');
          expect(outcome.result!.notRun).to.have.length(1);
        },
      },
    ],
    invalid: [
      {
        name: 'nothing to serve: no usable start script, no folder with an index.html',
        files: {
          'package.json': JSON.stringify({ name: 'p', private: true, scripts: { start: 'next start' } }),
          'lib/a.js': 'module.exports = 1;\n',
        },
        projectCode: true,
        error: { code: 'testing_refused', message: 'the "start" script (next start) is not one plain "node <file>" invocation' },
      },
      {
        name: 'no playwright-core in the project: nothing installed or generated',
        files: { 'package.json': JSON.stringify({ name: 'p', private: true }), 'index.html': '<title>Home</title><h1>Home</h1>' },
        projectCode: true,
        error: { code: 'no_test_runner', message: "playwright-core (or playwright) in the project's node_modules" },
      },
      {
        name: 'a page path that is not absolute',
        ...PAGES,
        input: { pages: ['about.html'] },
        error: { code: 'invalid_input' },
      },
    ],
  });
});
