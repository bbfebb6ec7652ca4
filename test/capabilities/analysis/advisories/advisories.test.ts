import { expect } from 'chai';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  checkInsecureDependencies,
  matchDependencies,
  parseLockFile,
  parseManifest,
} from '../../../../capabilities/analysis/advisories/index.js';
import {
  eventsToRange,
  fixedVersionFor,
  installAdvisories,
  isAffected,
  loadAdvisories,
  shippedAdvisories,
  validateAdvisoryFile,
  versionOfSpec,
  type Advisory,
} from '../../../../core/advisories/index.js';
import { createLocalContext } from '../../../../core/context/index.js';
import { isAgentdError } from '../../../../core/index.js';
import { removeSample, writeSample } from '../../../../core/tester/index.js';

const advisory = (over: Partial<Advisory> = {}): Advisory => ({
  id: 'GHSA-test-0000-0000',
  package: 'demo',
  title: 'A flaw',
  severity: 'high',
  cwe: ['CWE-1321'],
  vulnerableRange: '<1.2.6 || >=2.0.0 <2.0.3',
  patchedVersion: '2.0.3',
  ...over,
});

function rejectsWith(code: string, action: () => unknown): void {
  try {
    action();
  } catch (error) {
    expect(isAgentdError(error) && error.code, String(error)).to.equal(code);
    return;
  }
  expect.fail(`expected an error with code ${code}`);
}

describe('capabilities/analysis/advisories', () => {
  describe('version matching', () => {
    const specs: [string, string | null][] = [
      ['4.17.15', '4.17.15'],
      ['^4.17.15', '4.17.15'],
      ['~1.2.0', '1.2.0'],
      ['>=2.1.0 <3', '2.1.0'],
      ['1.x', '1.0.0'],
      ['*', null],
      ['latest', null],
      ['github:user/repo', null],
      ['file:../x', null],
      ['npm:other@1.0.0', null],
    ];
    for (const [spec, version] of specs) it(`reads "${spec}" as ${version}`, () => expect(versionOfSpec(spec)).to.equal(version));

    const ranges: [string, boolean][] = [
      ['1.2.5', true],
      ['1.2.6', false],
      ['1.9.0', false],
      ['2.0.0', true],
      ['2.0.2', true],
      ['2.0.3', false],
      ['2.0.0-beta.1', false],
      ['0.0.1', true],
    ];
    for (const [version, affected] of ranges)
      it(`${affected ? 'matches' : 'does not match'} ${version} against "<1.2.6 || >=2.0.0 <2.0.3"`, () =>
        expect(isAffected(version, advisory())).to.equal(affected));

    it('names the fix on the installed release line', () => {
      expect(fixedVersionFor('1.0.0', advisory())).to.equal('1.2.6');
      expect(fixedVersionFor('2.0.1', advisory())).to.equal('2.0.3');
      expect(fixedVersionFor('3.3.6', advisory({ vulnerableRange: '=3.3.6', patchedVersion: null }))).to.equal(null);
    });
  });

  describe('manifest and lock file', () => {
    const lock = JSON.stringify(
      {
        lockfileVersion: 3,
        packages: {
          '': { name: 'x' },
          'node_modules/demo': { version: '2.0.1' },
          'node_modules/a/node_modules/demo': { version: '1.3.0', dev: true },
          'node_modules/b': { version: '1.0.0' },
          'node_modules/local': { link: true, resolved: 'packages/local' },
        },
      },
      null,
      2,
    );
    it('reads every installed package of a v3 lock file with its line', () => {
      expect(parseLockFile(lock).map((p) => [p.name, p.version, p.line, p.dev])).to.deep.equal(
        [
          ['demo', '2.0.1', 7],
          ['demo', '1.3.0', 10, true],
          ['b', '1.0.0', 14],
        ].map(([n, v, l, d]) => [n, v, l, d === true]),
      );
    });
    it('reads a v1 lock file with nested dependencies', () => {
      const v1 = JSON.stringify(
        { lockfileVersion: 1, dependencies: { a: { version: '1.0.0', dependencies: { demo: { version: '1.0.0' } } } } },
        null,
        2,
      );
      expect(parseLockFile(v1).map((p) => `${p.path}@${p.version}`)).to.deep.equal(['a@1.0.0', 'a > demo@1.0.0']);
    });
    it('matches transitive installs at the lock line and direct ones at the package.json line', () => {
      const manifest = parseManifest(JSON.stringify({ dependencies: { demo: '^2.0.0', b: '1.0.0' } }, null, 2));
      const found = matchDependencies(
        manifest,
        { file: 'package-lock.json', packages: parseLockFile(lock) },
        new Map([['demo', [advisory()]]]),
      );
      expect(found.map((f) => [f.file, f.range.startLine, f.data!.version, f.data!.fixedVersion, f.severity, f.cwe])).to.deep.equal([
        ['package.json', 3, '2.0.1', '2.0.3', 'high', 'CWE-1321'],
      ]);
      const patched = matchDependencies(
        manifest,
        { file: 'package-lock.json', packages: parseLockFile(lock.replace('"2.0.1"', '"2.0.3"').replace('"1.3.0"', '"1.0.0"')) },
        new Map([['demo', [advisory()]]]),
      );
      expect(patched.map((f) => [f.file, f.range.startLine, f.data!.version])).to.deep.equal([['package-lock.json', 10, '1.0.0']]);
    });
  });

  it('gives a finding CWE-1395 (vulnerable third-party component) when its advisory names no CWE', () => {
    const manifest = parseManifest(JSON.stringify({ dependencies: { demo: '2.0.1' } }, null, 2));
    const found = matchDependencies(manifest, null, new Map([['demo', [advisory({ cwe: [] })]]]));
    expect(found.map((f) => [f.ruleId, f.cwe])).to.deep.equal([['security/vulnerable-dependency', 'CWE-1395']]);
  });

  describe('checkInsecureDependencies on a project', () => {
    it('reports real advisories of the shipped list for package.json ranges, and nothing for patched versions', async () => {
      const root = await writeSample({
        files: {
          'package.json': JSON.stringify(
            { name: 'p', dependencies: { lodash: '^4.17.15', minimist: '1.2.6', express: '^4.21.2', chalk: '5.6.1' } },
            null,
            2,
          ),
        },
      });
      try {
        const { ctx } = await createLocalContext({ root });
        const findings = await checkInsecureDependencies(ctx);
        const byPackage = (name: string) => findings.filter((f) => f.data!.package === name);
        expect(byPackage('lodash').map((f) => f.data!.advisory)).to.include.members(['GHSA-35jh-r3h4-6jhm', 'GHSA-p6mc-m468-83gw']);
        expect(
          byPackage('lodash').every(
            (f) => f.ruleId === 'security/vulnerable-dependency' && f.file === 'package.json' && f.range.startLine === 4,
          ),
        ).to.equal(true);
        expect(byPackage('minimist')).to.deep.equal([]);
        expect(byPackage('express')).to.deep.equal([]);
        expect(byPackage('chalk').map((f) => [f.severity, f.cwe])).to.deep.equal([['critical', 'CWE-506']]);
        expect(byPackage('lodash')[0]!.message).to.match(/"lodash" 4\.17\.15 .* upgrade to 4\.17\.\d+ or later/);
      } finally {
        await removeSample(root);
      }
    });
  });

  describe('the shipped list', () => {
    const list = shippedAdvisories();
    it('is valid, has unique ids per package, and well-formed ids', () => {
      expect(list.advisories.length).to.be.at.least(200);
      const keys = list.advisories.map((a) => `${a.id}/${a.package}`);
      expect(new Set(keys).size).to.equal(keys.length);
      for (const a of list.advisories) expect(a.id).to.match(/^(GHSA(-[23456789cfghjmpqrvwx]{4}){3}|CVE-\d{4}-\d{4,}|AGENTD-[a-z0-9.-]+)$/);
    });
    it('covers the packages the issue names and lists the checked ones', () => {
      const named = [
        'lodash',
        'minimist',
        'axios',
        'express',
        'body-parser',
        'qs',
        'jsonwebtoken',
        'node-fetch',
        'tar',
        'semver',
        'ws',
        'moment',
        'handlebars',
        'ejs',
        'underscore',
        'y18n',
        'yargs-parser',
        'glob-parent',
        'ansi-regex',
        'trim-newlines',
        'path-parse',
        'hosted-git-info',
        'shell-quote',
        'serialize-javascript',
        'node-forge',
        'follow-redirects',
        'tough-cookie',
        'word-wrap',
        'debug',
        'ms',
        'marked',
        'xml2js',
        'json5',
        'loader-utils',
        'minimatch',
        'dicer',
        'got',
        'decode-uri-component',
        'socket.io-parser',
        'engine.io',
        'cookie',
        'send',
        'serve-static',
        'path-to-regexp',
        'micromatch',
        'braces',
        'cross-spawn',
        'nanoid',
        'vite',
        'webpack-dev-middleware',
        'postcss',
        'next',
        'jquery',
        'bootstrap',
        'dompurify',
        'sanitize-html',
        'mongoose',
        'sequelize',
        'knex',
        'pg',
        'mysql2',
      ];
      const withAdvisories = new Set(list.advisories.map((a) => a.package));
      expect(named.filter((p) => !withAdvisories.has(p))).to.deep.equal([]);
      expect(list.checkedPackages!.length).to.be.at.least(300);
      expect(list.checkedPackages).to.include.members(['react', 'typescript', 'commander']);
    });
  });

  describe('validation, OSV import and installation', () => {
    let dir: string;
    beforeEach(async () => (dir = await mkdtemp(path.join(tmpdir(), 'agentd-advisories-'))));
    afterEach(async () => rm(dir, { recursive: true, force: true }));

    it('refuses a bad range, a bad severity and a missing field with invalid_advisories', () => {
      const file = (a: Partial<Advisory> & Record<string, unknown>) => ({
        version: 1,
        generatedAt: '2030-01-01T00:00:00Z',
        source: 't',
        advisories: [{ ...advisory(), ...a }],
      });
      rejectsWith('invalid_advisories', () => validateAdvisoryFile(file({ vulnerableRange: 'not a range' })));
      rejectsWith('invalid_advisories', () => validateAdvisoryFile(file({ severity: 'urgent' as never })));
      rejectsWith('invalid_advisories', () => validateAdvisoryFile(file({ package: '' })));
      rejectsWith('invalid_advisories', () => validateAdvisoryFile({ advisories: [] }));
      expect(validateAdvisoryFile(file({ severity: 'MODERATE' as never, cwe: ['cwe-79'] })).advisories[0])
        .to.include({ severity: 'medium' })
        .and.deep.include({ cwe: ['CWE-79'] });
    });

    const osv = {
      id: 'GHSA-aaaa-bbbb-cccc',
      aliases: ['CVE-2099-0001'],
      summary: 'Prototype pollution in demo',
      published: '2099-01-01T00:00:00Z',
      affected: [
        {
          package: { ecosystem: 'npm', name: 'demo' },
          ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '1.2.6' }, { introduced: '2.0.0' }, { fixed: '2.0.3' }] }],
        },
        { package: { ecosystem: 'PyPI', name: 'demo' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '9' }] }] },
      ],
      database_specific: { severity: 'MODERATE', cwe_ids: ['CWE-1321'] },
      references: [
        { type: 'WEB', url: 'https://example.test/w' },
        { type: 'ADVISORY', url: 'https://github.com/advisories/GHSA-aaaa-bbbb-cccc' },
      ],
    };
    const events: [Parameters<typeof eventsToRange>[0], string][] = [
      [[{ introduced: '0' }, { fixed: '1.0.0' }], '<1.0.0'],
      [[{ introduced: '1.0.0' }, { last_affected: '1.4.2' }], '>=1.0.0 <=1.4.2'],
      [[{ introduced: '3.0.0' }], '>=3.0.0'],
    ];
    for (const [input, range] of events)
      it(`turns OSV events ${JSON.stringify(input)} into "${range}"`, () => expect(eventsToRange(input)).to.equal(range));

    it('imports OSV records: npm entries only, severity, CWE, aliases and the fixed version', () => {
      const file = validateAdvisoryFile({ vulns: [osv] });
      expect(file.advisories).to.deep.equal([
        {
          id: 'GHSA-aaaa-bbbb-cccc',
          package: 'demo',
          title: 'Prototype pollution in demo',
          severity: 'medium',
          cwe: ['CWE-1321'],
          vulnerableRange: '<1.2.6 || >=2.0.0 <2.0.3',
          patchedVersion: '2.0.3',
          aliases: ['CVE-2099-0001'],
          url: 'https://github.com/advisories/GHSA-aaaa-bbbb-cccc',
          published: '2099-01-01T00:00:00Z',
        },
      ]);
    });

    it('installs an OSV export atomically, and loadAdvisories prefers the newer installed list', async () => {
      const from = path.join(dir, 'export.json');
      await writeFile(from, JSON.stringify([osv]));
      const home = path.join(dir, 'home');
      const installed = installAdvisories(from, path.join(home, '.agentd'));
      expect(installed).to.include({ advisories: 1, packages: 1, path: path.join(home, '.agentd', 'advisories.json') });
      expect(JSON.parse(await readFile(installed.path, 'utf8')).advisories).to.have.length(1);
      const loaded = loadAdvisories(undefined, { homeDir: home });
      expect(loaded.path).to.equal(installed.path);
      expect(loaded.byPackage.get('demo')).to.have.length(1);
    });

    it('keeps the shipped advisories an installed list does not contain, and lets the installed one replace a shipped one by id or alias', async () => {
      const shipped = shippedAdvisories().advisories;
      const replaced = shipped.find((a) => (a.aliases ?? []).length > 0)!;
      const from = path.join(dir, 'partial.json');
      const update = {
        ...replaced,
        id: replaced.aliases![0]!,
        aliases: [],
        title: 'Re-published with a new range',
        vulnerableRange: '<0.0.1',
      };
      await writeFile(
        from,
        JSON.stringify({ version: 1, generatedAt: '2099-01-01T00:00:00Z', source: 'one record', advisories: [advisory(), update] }),
      );
      const home = path.join(dir, 'home-partial');
      installAdvisories(from, path.join(home, '.agentd'));
      const loaded = loadAdvisories(undefined, { homeDir: home });
      expect(loaded.advisories).to.have.length(shipped.length + 1);
      expect(loaded.byPackage.get('demo')).to.have.length(1);
      expect(
        loaded.advisories
          .filter((a) => a.package === replaced.package && [a.id, ...(a.aliases ?? [])].includes(replaced.aliases![0]!))
          .map((a) => a.title),
      ).to.deep.equal(['Re-published with a new range']);
      expect(loaded.source).to.match(/^one record; plus \d+ advisories of agentd's shipped list/);
    });

    it('keeps the shipped list when the installed one is older or broken', async () => {
      const home = path.join(dir, 'home');
      const older = path.join(dir, 'older.json');
      await writeFile(older, JSON.stringify({ version: 1, generatedAt: '2001-01-01T00:00:00Z', source: 'old', advisories: [advisory()] }));
      installAdvisories(older, path.join(home, '.agentd'));
      expect(loadAdvisories(undefined, { homeDir: home }).source).to.equal(shippedAdvisories().source);
      const target = path.join(home, '.agentd', 'advisories.json');
      await writeFile(target, '{ not json');
      await utimes(target, new Date(), new Date(Date.now() + 5000));
      const warnings: string[] = [];
      expect(loadAdvisories(undefined, { homeDir: home, onWarning: (m) => warnings.push(m) }).source).to.equal(shippedAdvisories().source);
      expect(warnings).to.have.length(1);
    });

    it('refuses to install a file that is not advisory data, leaving nothing behind', async () => {
      const from = path.join(dir, 'bad.json');
      await writeFile(from, JSON.stringify({ hello: 'world' }));
      rejectsWith('invalid_advisories', () => installAdvisories(from, path.join(dir, 'target')));
    });
  });
});
