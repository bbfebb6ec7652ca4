/**
 * `agentd plugin init <name>`: a plugin project that passes its own tests as created — a manifest, one
 * analysis capability (TODO comments), a PluginTester suite under node:test, a README. `@agentd/cli`
 * (the SDK and PluginTester) is linked to the agentd that made it (node_modules/@agentd/cli, as `npm
 * link` would); package.json also names it as a devDependency for when the link is replaced by an install.
 */
import { mkdir, symlink, writeFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageVersion } from '../../version.js';

/** The agentd package root (three levels up from dist/cli/commands/plugin/). */
const AGENTD_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

const INDEX = `// @ts-check
// An agentd plugin: an ES module importing the SDK (and, if you like, your own files and npm packages
// that need no Node built-ins: \`agentd plugin add\` bundles them into one script). It runs in agentd's
// sandbox (docs/plugins.md): no require, process, filesystem, network or timers; ctx is the way to the workspace.
import { defineCapability, finding } from '@agentd/cli/sdk';

export const capabilities = {
  'analysis.todo-comments': defineCapability({
    /** @param {{ include?: string[], words?: string[] }} input */
    async run(input, ctx) {
      const words = input.words ?? ['TODO', 'FIXME'];
      const files = await ctx.workspace.list({ include: input.include, extensions: ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'] });
      const { files: read } = await ctx.workspace.readMany(files);
      const findings = [];
      for (const file of read) {
        file.content.split('\\n').forEach((text, index) => {
          const word = words.find((w) => text.includes('// ' + w) || text.includes('/* ' + w));
          if (word) findings.push(finding({ ruleId: 'todo-comments/' + word.toLowerCase(), severity: 'info', file: file.path, line: index + 1, message: word + ' comment: ' + text.trim() }));
        });
      }
      return { summary: findings.length + ' TODO-style comments in ' + read.length + ' files.', findings };
    },
  }),
};
`;

const TEST = `import { fileURLToPath } from 'node:url';
import { PluginTester } from '@agentd/cli/sdk';

const tester = new PluginTester({ plugin: fileURLToPath(new URL('..', import.meta.url)) });

tester.run('analysis.todo-comments', {
  valid: [
    { name: 'no comments', files: { 'src/a.ts': 'export const a = 1;\\n' } },
    { name: 'a word that is not configured', files: { 'src/a.ts': '// FIXME later\\n' }, input: { words: ['TODO'] } },
  ],
  invalid: [
    {
      name: 'a TODO comment',
      files: { 'src/a.ts': 'export const a = 1;\\n// TODO remove\\n' },
      findings: [{ ruleId: 'todo-comments/todo', file: 'src/a.ts', line: 2, message: 'TODO comment: // TODO remove' }],
    },
    { name: 'an input the schema refuses', files: { 'a.ts': '' }, input: { words: 'TODO' }, error: 'invalid_input' },
  ],
});
`;

function manifest(name: string, namespace: string): Record<string, unknown> {
  return {
    name,
    version: '0.1.0',
    description: `An agentd plugin (${namespace}).`,
    type: 'module',
    license: 'MIT',
    files: ['index.js', 'README.md'],
    scripts: { test: 'node --test test/' },
    devDependencies: { '@agentd/cli': `^${packageVersion()}` },
    agentd: {
      namespace,
      sdk: '^1.0.0',
      entry: 'index.js',
      capabilities: [
        {
          id: 'analysis.todo-comments',
          group: 'analysis',
          title: 'TODO comments',
          description: 'Reports TODO-style comments (the words are configurable).',
          version: '0.1.0',
          writes: false,
          inputSchema: {
            type: 'object',
            additionalProperties: false,
            properties: {
              include: { type: 'array', items: { type: 'string' } },
              words: { type: 'array', items: { type: 'string', minLength: 1 } },
            },
          },
        },
      ],
      permissions: { read: ['**'], writes: false, tools: [] },
      limits: { cpuMs: 5000 },
    },
  };
}

export async function scaffold(name: string, into: string): Promise<{ folder: string; id: string }> {
  const base = name.replace(/^@[^/]+\//, '');
  const namespace =
    (/^@([^/]+)\//.exec(name)?.[1] ?? base)
      .toLowerCase()
      .replace(/[^a-z0-9-]/g, '-')
      .replace(/^[^a-z]+/, '') || 'plugin';
  const folder = path.resolve(into, base);
  if (
    await stat(folder).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`"${folder}" already exists; choose another name or folder`);
  await mkdir(path.join(folder, 'test'), { recursive: true });
  await writeFile(path.join(folder, 'package.json'), `${JSON.stringify(manifest(name, namespace), null, 2)}\n`);
  await writeFile(path.join(folder, 'index.js'), INDEX);
  await writeFile(path.join(folder, 'test', 'plugin.test.js'), TEST);
  await writeFile(
    path.join(folder, 'README.md'),
    `# ${name}\n\nAn agentd plugin. \`npm test\` runs its PluginTester suite in agentd's sandbox;\n\`agentd plugin add .\` registers it with the daemon, \`agentd scan --plugin . --checks ${namespace}/analysis.todo-comments\`\nruns it in a scan. Authoring guide: agentd's docs/plugins.md.\n`,
  );
  await writeFile(path.join(folder, '.gitignore'), 'node_modules/\n.agentd/\n');
  await mkdir(path.join(folder, 'node_modules', '@agentd'), { recursive: true });
  await symlink(AGENTD_ROOT, path.join(folder, 'node_modules', '@agentd', 'cli'), 'dir');
  return { folder, id: `${namespace}/analysis.todo-comments` };
}
