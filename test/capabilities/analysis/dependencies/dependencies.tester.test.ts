import { expect } from 'chai';
import { meta } from '../../../../capabilities/analysis/dependencies.js';
import type { DependencyReport } from '../../../../capabilities/analysis/dependencies/analyze-dependencies.js';
import type { DependenciesInput } from '../../../../capabilities/analysis/dependencies/options.js';
import type { Finding } from '../../../../core/index.js';
import { CapabilityTester } from '../../../../core/tester/index.js';
import { runOnFiles } from '../../support/sample-runs.js';

/** package.json with one entry per line, so the expected lines are easy to count. */
function manifest(sections: Record<string, Record<string, string>>, extra: Record<string, unknown> = {}): string {
  return `${JSON.stringify({ name: 'sample-app', version: '1.0.0', ...extra, ...sections }, null, 2)}\n`;
}

interface Case {
  rule: string;
  name: string;
  files: Record<string, string>;
  input?: DependenciesInput;
  expect: [string, number][];
}

const cases: Case[] = [
  {
    rule: 'dependencies/unused-dependency',
    name: 'a declared package nothing uses',
    expect: [['package.json', 6]],
    files: {
      'package.json': manifest({ dependencies: { express: '^4.21.0', 'left-pad': '^1.3.0' } }),
      'src/index.js': "const express = require('express');\nexpress();\n",
    },
  },
  {
    rule: 'dependencies/unused-dependency',
    name: 'packages used by import, @types, tool plugins, scripts, configs or TypeScript',
    expect: [],
    files: {
      'package.json': manifest(
        {
          dependencies: { zod: '^3.0.0', '@scope/lib': '1.0.0' },
          devDependencies: {
            '@types/node': '^20.0.0',
            'eslint-plugin-react': '^7.0.0',
            '@typescript-eslint/parser': '^8.0.0',
            mocha: '^10.0.0',
            typescript: '~5.9.0',
            'npm-run-all': '^4.0.0',
            'vite-tsconfig-paths': '^5.0.0',
          },
        },
        { scripts: { test: 'mocha', all: 'run-p test' } },
      ),
      'src/index.ts':
        "import { z } from 'zod';\nimport type { Thing } from '@scope/lib/deep/path';\nexport const s = z.string();\nexport type T = Thing;\n",
      'vite.config.ts': "import tsconfigPaths from 'vite-tsconfig-paths';\nexport default { plugins: [tsconfigPaths()] };\n",
    },
  },
  {
    rule: 'dependencies/unused-dependency',
    name: 'unused packages when include globs narrow the scan',
    input: { include: ['src/a.js'] },
    expect: [],
    files: { 'package.json': manifest({ dependencies: { 'left-pad': '^1.3.0' } }), 'src/a.js': 'module.exports = 1;\n' },
  },
  {
    rule: 'dependencies/missing-dependency',
    name: 'an imported package that is not declared',
    expect: [['src/cli.js', 2]],
    files: {
      'package.json': manifest({ dependencies: { commander: '^12.0.0' } }),
      'src/cli.js': "const { program } = require('commander');\nconst chalk = require('chalk');\nprogram.parse(); chalk.red('x');\n",
    },
  },
  {
    rule: 'dependencies/missing-dependency',
    name: 'built-ins, the package itself, aliases, @types-declared hosts, relative files and nested packages as missing',
    expect: [],
    files: {
      'package.json': manifest({ devDependencies: { '@types/vscode': '^1.90.0' } }),
      'tsconfig.json': '{ "compilerOptions": { "paths": { "@app/*": ["./src/*"] } } }',
      'src/index.ts':
        "import fs from 'node:fs';\nimport { readFile } from 'fs/promises';\nimport path from 'path';\nimport self from 'sample-app/package.json';\nimport { x } from '@app/x';\nimport * as vscode from 'vscode';\nimport './x';\nimport a from '@/components/a';\nexport default [fs, readFile, path, self, x, vscode, a];\n",
      'src/x.ts': 'export const x = 1;\n',
      'packages/web/package.json': '{ "name": "web", "dependencies": { "react": "^19.0.0" } }',
      'packages/web/src/App.tsx': "import React from 'react';\nexport const App = () => React;\n",
    },
  },
  {
    rule: 'dependencies/duplicate-dependency',
    name: 'a package in both dependencies and devDependencies',
    expect: [['package.json', 8]],
    files: {
      'package.json': manifest({ dependencies: { zod: '^3.22.0' }, devDependencies: { zod: '^3.20.0' } }),
      'src/a.js': "require('zod');\n",
    },
  },
  {
    rule: 'dependencies/duplicate-dependency',
    name: 'a package in peerDependencies and devDependencies',
    expect: [],
    files: {
      'package.json': manifest({ peerDependencies: { react: '>=18' }, devDependencies: { react: '^19.0.0' } }),
      'src/a.js': "require('react');\n",
    },
  },
  {
    rule: 'dependencies/multiple-versions',
    name: 'two installed versions of one package in package-lock.json',
    expect: [['package-lock.json', 22]],
    files: {
      'package.json': manifest({ dependencies: { semver: '^7.6.0', legacy: '1.0.0' } }),
      'src/a.js': "require('semver'); require('legacy');\n",
      'package-lock.json': `${JSON.stringify(
        {
          name: 'sample-app',
          lockfileVersion: 3,
          requires: true,
          packages: {
            '': { name: 'sample-app', dependencies: { semver: '^7.6.0', legacy: '1.0.0' } },
            'node_modules/legacy': { version: '1.0.0', dependencies: { semver: '^5.0.0' } },
            'node_modules/semver': { version: '7.6.0' },
            'node_modules/legacy/node_modules/semver': { version: '5.7.2' },
          },
        },
        null,
        2,
      )}\n`,
    },
  },
  {
    rule: 'dependencies/multiple-versions',
    name: 'one version per package',
    expect: [],
    files: {
      'package.json': manifest({ dependencies: { semver: '^7.6.0' } }),
      'src/a.js': "require('semver');\n",
      'package-lock.json': JSON.stringify(
        { lockfileVersion: 3, packages: { '': {}, 'node_modules/semver': { version: '7.6.0' } } },
        null,
        2,
      ),
    },
  },
  {
    rule: 'dependencies/heavy-dependency',
    name: 'moment, lodash imported whole, and deprecated request',
    expect: [
      ['package.json', 5],
      ['package.json', 6],
      ['package.json', 7],
    ],
    files: {
      'package.json': manifest({ dependencies: { lodash: '^4.17.21', moment: '^2.30.0', request: '^2.88.2' } }),
      'src/a.js': "const _ = require('lodash');\nconst moment = require('moment');\nconst request = require('request');\n",
    },
  },
  {
    rule: 'dependencies/heavy-dependency',
    name: 'lodash per-method imports and moment as a devDependency',
    expect: [],
    files: {
      'package.json': manifest({ dependencies: { lodash: '^4.17.21' }, devDependencies: { moment: '^2.30.0' } }),
      'src/a.js': "const get = require('lodash/get');\n",
      'test/a.test.js': "require('moment');\n",
    },
  },
  {
    rule: 'dependencies/circular-dependency',
    name: 'two modules that require each other',
    expect: [['lib/a.js', 1]],
    files: {
      'package.json': manifest({}),
      'lib/a.js': "const b = require('./b');\nmodule.exports = () => b();\n",
      'lib/b.js': "const a = require('./a.js');\nmodule.exports = () => a();\n",
    },
  },
  {
    rule: 'dependencies/circular-dependency',
    name: 'a one-way chain',
    expect: [],
    files: {
      'package.json': manifest({}),
      'lib/a.js': "require('./b');\n",
      'lib/b.js': "require('./c');\n",
      'lib/c.js': 'module.exports = 1;\n',
    },
  },
];

describe('capabilities/analysis/dependencies', () => {
  // The rule cases on CapabilityTester: the findings of the case's rule, [file, line] in the order reported.
  new CapabilityTester({ capability: 'analysis.dependencies', findings: { ordered: true } }).run({
    valid: cases
      .filter((c) => c.expect.length === 0)
      .map((c) => ({ name: `does not report ${c.name}`, ruleId: c.rule, files: c.files, input: c.input as Record<string, unknown> })),
    invalid: cases
      .filter((c) => c.expect.length > 0)
      .map((c) => ({
        name: `reports ${c.name}`,
        ruleId: c.rule,
        files: c.files,
        input: c.input as Record<string, unknown>,
        findings: c.expect.map(([file, line]) => ({ ruleId: c.rule, file, line })),
      })),
    inputErrors: [
      { name: 'includeTypeImports not a boolean', input: { includeTypeImports: 'yes' }, message: '/includeTypeImports must be boolean' },
      { name: 'an unknown option', input: { depth: 3 }, message: 'must NOT have additional properties' },
    ],
  });

  it('names the lighter alternative and whether a package is deprecated', async () => {
    const result = await runOnFiles('analysis.dependencies', cases.find((c) => c.rule === 'dependencies/heavy-dependency')!.files, {});
    const findings = (result.findings as Finding[]).filter((f) => f.ruleId === 'dependencies/heavy-dependency');
    expect(findings.find((f) => f.data!.name === 'moment')!.message).to.match(/dayjs/);
    expect(findings.find((f) => f.data!.name === 'request')!.severity).to.equal('medium');
  });

  it('summarises the module graph: modules, links and imported packages', async () => {
    const result = await runOnFiles(
      'analysis.dependencies',
      {
        'package.json': manifest({ dependencies: { zod: '^3.0.0' } }),
        'src/a.ts': "import { b } from './b';\nimport { z } from 'zod';\nexport const a = [b, z];\n",
        'src/b.ts': "import { z } from 'zod';\nexport const b = z;\n",
      },
      {},
    );
    const graph = (result.data as Omit<DependencyReport, 'findings'>).graph;
    expect(graph).to.deep.include({ modules: 2, edges: 1, externalPackages: { zod: 2 }, links: [['src/a.ts', 'src/b.ts']] });
  });

  it('has every rule documented and tested (meta-test)', () => {
    for (const rule of meta.rules!) {
      for (const field of [rule.id, rule.title, rule.description, rule.why, rule.fix, rule.example.bad, rule.example.good])
        expect(field, rule.id).to.be.a('string').and.not.equal('');
      expect(
        cases.some((c) => c.rule === rule.id && c.expect.length > 0),
        `${rule.id} has an invalid case`,
      ).to.equal(true);
      expect(
        cases.some((c) => c.rule === rule.id && c.expect.length === 0),
        `${rule.id} has a valid case`,
      ).to.equal(true);
    }
  });
});
