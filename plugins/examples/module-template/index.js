// A generator as an agentd plugin: writes a module and its test from a template (staged, formatted with
// the project's Prettier settings through ctx.tools.format), and never overwrites an existing file.
import { defineCapability } from '@agentd/cli/sdk';

const camel = (kebab) => kebab.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());

function moduleSource(name, license) {
  return `// SPDX-License-Identifier: ${license}\n/** ${name}: describe what this module does. */\nexport function ${camel(name)}(input: string): string {\n  return input;\n}\n`;
}

function testSource(name, importPath) {
  return `import { ${camel(name)} } from '${importPath}';\n\ndescribe('${name}', () => {\n  it('returns its input', () => {\n    if (${camel(name)}('x') !== 'x') throw new Error('unexpected');\n  });\n});\n`;
}

export const capabilities = {
  'generation.module-template': defineCapability({
    async run(input, ctx) {
      const folder = input.folder ?? 'lib';
      const modulePath = `src/${folder}/${input.name}.ts`;
      const testPath = `test/${folder}/${input.name}.test.ts`;
      for (const path of [modulePath, testPath]) {
        if (await ctx.workspace.exists(path)) throw new Error(`${path} already exists; choose another name`);
      }
      const depth = folder.split('/').length + 1;
      const importPath = `${'../'.repeat(depth)}src/${folder}/${input.name}.js`;
      await ctx.workspace.write(modulePath, await ctx.tools.format(modulePath, moduleSource(input.name, input.license ?? 'MIT')));
      await ctx.workspace.write(testPath, await ctx.tools.format(testPath, testSource(input.name, importPath)));
      return { summary: `Created ${modulePath} and ${testPath}.`, data: { files: [modulePath, testPath] } };
    },
  }),
};
