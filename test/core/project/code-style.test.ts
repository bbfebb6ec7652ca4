import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { detectProject, styleFromEditorconfig, styleFromEslintText } from '../../../core/project/index.js';
import { makeTree, removeTree } from '../workspace/temp-tree.js';

describe('code style from ESLint config text (not executed)', () => {
  const cases: Array<[string, string, object]> = [
    [
      'legacy JSON',
      '{"rules":{"quotes":[2,"double"],"semi":["error","never"],"indent":["warn",2]}}',
      { quotes: 'double', semicolons: false, indentStyle: 'space', indentSize: 2 },
    ],
    ['YAML flow lists', 'rules:\n  quotes: [error, single]\n  indent: [error, tab]\n', { quotes: 'single', indentStyle: 'tab' }],
    ['YAML block lists', 'rules:\n  semi:\n    - error\n    - always\n', { semicolons: true }],
    [
      'flat config with @stylistic/js',
      "export default [{ rules: { '@stylistic/js/quotes': ['error', 'single'], '@stylistic/js/indent': ['error', 4] } }];",
      { quotes: 'single', indentStyle: 'space', indentSize: 4 },
    ],
    ['@typescript-eslint spellings', "rules: { '@typescript-eslint/semi': ['error', 'never'] }", { semicolons: false }],
    ['a bare severity means the default option', "rules: { semi: 'error', }", { semicolons: true }],
    ['rules that only look alike are ignored', "rules: { 'jsx-quotes': ['error', 'prefer-single'], 'no-extra-semi': 'error' }", {}],
  ];
  for (const [name, text, expected] of cases) {
    it(`reads ${name}`, () => {
      expect(styleFromEslintText(text)).to.deep.equal(expected);
    });
  }
});

describe('code style from .editorconfig', () => {
  const cases: Array<[string, string, object]> = [
    ['[*] with spaces', '[*]\nindent_style = space\nindent_size = 4\n', { indentStyle: 'space', indentSize: 4 }],
    [
      'a JS/TS section overriding [*]',
      '[*]\nindent_size = 2\n\n[*.{js,ts}]\nindent_size = 4\nquote_type = single\n',
      { indentSize: 4, quotes: 'single' },
    ],
    [
      'indent_size = tab uses tab_width',
      '[*]\nindent_style = tab\nindent_size = tab\ntab_width = 8\n',
      { indentStyle: 'tab', indentSize: 8 },
    ],
    ['sections for other files are ignored', '[*.md]\nindent_size = 3\n[Makefile]\nindent_style = tab\n', {}],
  ];
  for (const [name, text, expected] of cases) {
    it(`reads ${name}`, () => {
      expect(styleFromEditorconfig(text)).to.deep.equal(expected);
    });
  }
});

describe('code style: Prettier config in its usual places', () => {
  const cases: Array<[string, string, string, object]> = [
    [
      '.prettierrc (YAML)',
      '.prettierrc',
      'singleQuote: true\ntabWidth: 4\n',
      { quotes: 'single', semicolons: true, indent: { style: 'space', size: 4 } },
    ],
    ['.prettierrc.yml', '.prettierrc.yml', 'semi: false\n', { quotes: 'double', semicolons: false, indent: { style: 'space', size: 2 } }],
    [
      '.prettierrc.json5',
      '.prettierrc.json5',
      '{ semi: false, /* comment */ tabWidth: 3 }\n',
      { quotes: 'double', semicolons: false, indent: { style: 'space', size: 3 } },
    ],
  ];
  for (const [name, file, content, expected] of cases) {
    it(`reads ${name} and wins over ESLint and EditorConfig`, async () => {
      const root = await makeTree({
        [file]: content,
        '.eslintrc.json': '{"rules":{"quotes":["error","backtick"],"semi":["error","always"]}}',
        '.editorconfig': '[*]\nindent_size = 7\n',
      });
      try {
        const { codeStyle } = await detectProject(root);
        expect(codeStyle).to.deep.include({ source: 'prettier', ...expected });
        expect(codeStyle.configFiles).to.deep.equal([file, '.eslintrc.json', '.editorconfig']);
        expect(codeStyle.prettier).to.deep.equal({ configFile: file, runsCode: false });
      } finally {
        await removeTree(root);
      }
    });
  }
});

describe('code style: a Prettier config that is code is never run by detection', () => {
  // Each config, if loaded, would append to `marker`; detection must leave it absent.
  const cases: Array<[string, (marker: string) => Record<string, string>]> = [
    [
      'prettier.config.mjs',
      (marker) => ({
        'prettier.config.mjs': `import fs from 'node:fs';\nfs.writeFileSync(${JSON.stringify(marker)}, 'ran');\nexport default { useTabs: true };\n`,
      }),
    ],
    [
      'prettier.config.cjs',
      (marker) => ({
        'prettier.config.cjs': `require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran');\nmodule.exports = { useTabs: true };\n`,
      }),
    ],
    [
      'package.json naming a shared config module',
      (marker) => ({
        'package.json': JSON.stringify({ name: 'x', prettier: 'evil-prettier-config' }),
        'node_modules/evil-prettier-config/package.json': JSON.stringify({ name: 'evil-prettier-config', main: 'index.js' }),
        'node_modules/evil-prettier-config/index.js': `require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran');\nmodule.exports = { useTabs: true };\n`,
      }),
    ],
    [
      '.prettierrc (YAML) naming a shared config module',
      (marker) => ({
        '.prettierrc': '"evil: config"\n',
        'node_modules/evil: config/package.json': JSON.stringify({ name: 'evil: config', main: 'index.js' }),
        'node_modules/evil: config/index.js': `require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran');\nmodule.exports = { useTabs: true };\n`,
      }),
    ],
    [
      '.prettierrc.json5 naming a shared config module',
      (marker) => ({
        '.prettierrc.json5': "// shared\n'evil-json5'\n",
        'node_modules/evil-json5/package.json': JSON.stringify({ name: 'evil-json5', main: 'index.js' }),
        'node_modules/evil-json5/index.js': `require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran');\nmodule.exports = { useTabs: true };\n`,
      }),
    ],
  ];
  for (const [name, files] of cases) {
    it(`${name}: not loaded, marked runsCode, the style taken from the next source`, async () => {
      const outside = await makeTree({});
      const marker = join(outside, 'marker.txt');
      const root = await makeTree({ ...files(marker), '.editorconfig': '[*]\nindent_size = 7\n' });
      try {
        const { codeStyle } = await detectProject(root);
        expect(await readFile(marker, 'utf8').catch(() => 'absent')).to.equal('absent');
        expect(codeStyle.prettier!.runsCode).to.equal(true);
        expect(codeStyle.source).not.to.equal('prettier');
        expect(codeStyle.indent).to.deep.equal({ style: 'space', size: 7 });
      } finally {
        await removeTree(root);
        await removeTree(outside);
      }
    });
  }
});
