import { expect } from 'chai';
import { detectProject, styleFromEditorconfig, styleFromEslintText } from '../../../core/project/index.js';
import { makeTree, removeTree } from '../workspace/temp-tree.js';

describe('code style from ESLint config text (not executed)', () => {
  const cases: Array<[string, string, object]> = [
    ['legacy JSON', '{"rules":{"quotes":[2,"double"],"semi":["error","never"],"indent":["warn",2]}}', { quotes: 'double', semicolons: false, indentStyle: 'space', indentSize: 2 }],
    ['YAML flow lists', 'rules:\n  quotes: [error, single]\n  indent: [error, tab]\n', { quotes: 'single', indentStyle: 'tab' }],
    ['YAML block lists', 'rules:\n  semi:\n    - error\n    - always\n', { semicolons: true }],
    ['flat config with @stylistic/js', "export default [{ rules: { '@stylistic/js/quotes': ['error', 'single'], '@stylistic/js/indent': ['error', 4] } }];", { quotes: 'single', indentStyle: 'space', indentSize: 4 }],
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
    ['a JS/TS section overriding [*]', '[*]\nindent_size = 2\n\n[*.{js,ts}]\nindent_size = 4\nquote_type = single\n', { indentSize: 4, quotes: 'single' }],
    ['indent_size = tab uses tab_width', '[*]\nindent_style = tab\nindent_size = tab\ntab_width = 8\n', { indentStyle: 'tab', indentSize: 8 }],
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
    ['.prettierrc (YAML)', '.prettierrc', 'singleQuote: true\ntabWidth: 4\n', { quotes: 'single', semicolons: true, indent: { style: 'space', size: 4 } }],
    ['.prettierrc.yml', '.prettierrc.yml', 'semi: false\n', { quotes: 'double', semicolons: false, indent: { style: 'space', size: 2 } }],
    ['prettier.config.mjs', 'prettier.config.mjs', 'export default { useTabs: true, singleQuote: true };\n', { quotes: 'single', semicolons: true, indent: { style: 'tab', size: 2 } }],
    ['.prettierrc.json5', '.prettierrc.json5', '{ semi: false, /* comment */ tabWidth: 3 }\n', { quotes: 'double', semicolons: false, indent: { style: 'space', size: 3 } }],
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
      } finally {
        await removeTree(root);
      }
    });
  }
});
