/** A small plugin project whose entry imports an npm dependency (written here), and the packages it uses. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export async function writePackage(folder: string, pkg: Record<string, unknown>, files: Record<string, string>): Promise<void> {
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'package.json'), JSON.stringify({ version: '1.0.0', license: 'MIT', ...pkg }, null, 2));
  for (const [file, text] of Object.entries(files)) await writeFile(path.join(folder, file), text);
}

/** The local packages: an ES-module one, a CommonJS one requiring it, and one that needs node:fs. */
export const PACKAGES: Record<string, { pkg: Record<string, unknown>; files: Record<string, string> }> = {
  'acme-lower': {
    pkg: { name: 'acme-lower', type: 'module', exports: './index.js' },
    files: { 'index.js': 'export const lower = (text) => text.toLowerCase();\n' },
  },
  'acme-slugify': {
    pkg: { name: 'acme-slugify', main: 'index.js', dependencies: { 'acme-lower': '1.0.0' } },
    files: {
      'index.js':
        "const { lower } = require('acme-lower');\nmodule.exports = (text, sep) => lower(text).replace(/[^a-z0-9]+/g, sep).replace(/^-|-$/g, '');\n",
    },
  },
  'acme-disk': {
    pkg: { name: 'acme-disk', main: 'index.js' },
    files: { 'index.js': "const fs = require('node:fs');\nmodule.exports = (file) => fs.readFileSync(file, 'utf8');\n" },
  },
};

export function pluginManifest(name: string): Record<string, unknown> {
  return {
    name,
    type: 'module',
    agentd: {
      namespace: 'acme',
      sdk: '^1.0.0',
      entry: 'index.js',
      capabilities: [
        {
          id: 'analysis.slugs',
          group: 'analysis',
          title: 'Slugs',
          description: 'Reports each file with its slug.',
          version: '1.0.0',
          writes: false,
          inputSchema: { type: 'object', additionalProperties: false, properties: {} },
        },
      ],
    },
  };
}

export const ENTRY = `import { defineCapability, finding } from '@agentd/cli/sdk';
import slugify from 'acme-slugify';
import { SEPARATOR } from './lib/separator.js';

export const capabilities = {
  'analysis.slugs': defineCapability({
    async run(input, ctx) {
      const files = await ctx.workspace.list({});
      return {
        summary: files.map((file) => slugify(file, SEPARATOR)).join(','),
        findings: files.map((file) => finding({ ruleId: 'slugs/slug', severity: 'info', file, line: 1, message: slugify(file, SEPARATOR) })),
      };
    },
  }),
};
`;

/** Writes the plugin project (without node_modules); `entry` replaces the default entry. */
export async function writePlugin(folder: string, name: string, entry = ENTRY): Promise<void> {
  await writePackage(folder, pluginManifest(name), { 'index.js': entry });
  await mkdir(path.join(folder, 'lib'));
  await writeFile(path.join(folder, 'lib', 'separator.js'), "export const SEPARATOR = '-';\n");
}
