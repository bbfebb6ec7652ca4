/**
 * The README sections, each from one source of truth and omitted when that source says nothing:
 * install (package.json name/private/bin, the detected package manager), usage (bin entries), scripts
 * (package.json scripts, verbatim), configuration (environment variables the code reads), API (the
 * public entry points' exports, first sentence of each doc comment) and project facts (detected
 * language, module system, frameworks, test runner, Node engine, license). Nothing is invented: no
 * feature list, no badges, no prose that the project does not state.
 */
import type { ProjectContext } from '../../../core/index.js';
import type { ApiSymbol } from '../api/collect.js';
import type { EnvVar } from './env-vars.js';
import type { Section } from './regions.js';

export interface PackageJson {
  name?: string;
  description?: string;
  private?: boolean;
  license?: string;
  bin?: string | Record<string, string>;
  scripts?: Record<string, string>;
  engines?: { node?: string };
}

export interface ApiEntrySummary {
  specifier: string;
  symbols: ApiSymbol[];
}

const RUN: Record<string, (script: string) => string> = {
  npm: (s) => (s === 'test' || s === 'start' ? `npm ${s}` : `npm run ${s}`),
  pnpm: (s) => `pnpm ${s}`,
  yarn: (s) => `yarn ${s}`,
  bun: (s) => `bun run ${s}`,
};
const ADD: Record<string, string> = { npm: 'npm install', pnpm: 'pnpm add', yarn: 'yarn add', bun: 'bun add' };
const INSTALL_DEPS: Record<string, string> = { npm: 'npm install', pnpm: 'pnpm install', yarn: 'yarn install', bun: 'bun install' };

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n+/g, ' ');
const firstSentence = (doc: string): string => (/^[\s\S]*?[.!?](\s|$)/.exec(doc.replace(/\s+/g, ' '))?.[0] ?? doc).trim();

function bins(pkg: PackageJson): [string, string][] {
  if (typeof pkg.bin === 'string') return pkg.name ? [[pkg.name.replace(/^@[^/]+\//, ''), pkg.bin]] : [];
  return Object.entries(pkg.bin ?? {});
}

export function buildSections(
  pkg: PackageJson,
  project: ProjectContext,
  api: ApiEntrySummary[],
  env: EnvVar[],
  apiDoc: string | null,
): Section[] {
  const pm = project.packageManager === 'none' ? 'npm' : project.packageManager;
  const sections: Section[] = [];
  const install: string[] = ['## Install', '', '```sh'];
  if (pkg.name && !pkg.private) install.push(`${ADD[pm]} ${pkg.name}`);
  else install.push(INSTALL_DEPS[pm]!);
  install.push('```');
  if (pkg.private) install.push('', 'The package is private (not published); install its dependencies from a checkout.');
  sections.push({ id: 'install', body: install.join('\n') });

  const commands = bins(pkg);
  if (commands.length > 0) {
    const usage = ['## Usage', '', 'Commands this package installs (package.json `bin`):', '', '| command | runs |', '| --- | --- |'];
    for (const [name, target] of commands) usage.push(`| \`${cell(name)}\` | \`${cell(target)}\` |`);
    sections.push({ id: 'usage', body: usage.join('\n') });
  }

  const scripts = Object.entries(pkg.scripts ?? {});
  if (scripts.length > 0) {
    const body = ['## Scripts', '', '| command | what it runs |', '| --- | --- |'];
    for (const [name, command] of scripts) body.push(`| \`${cell(RUN[pm]!(name))}\` | \`${cell(command)}\` |`);
    sections.push({ id: 'scripts', body: body.join('\n') });
  }

  if (env.length > 0) {
    const body = ['## Configuration', '', 'Environment variables the code reads:', '', '| variable | read in |', '| --- | --- |'];
    for (const v of env) body.push(`| \`${v.name}\` | \`${v.file}:${v.line}\`${v.uses > 1 ? ` (+${v.uses - 1} more)` : ''} |`);
    sections.push({ id: 'configuration', body: body.join('\n') });
  }

  const withSymbols = api.filter((e) => e.symbols.length > 0);
  if (withSymbols.length > 0) {
    const body = ['## API', ''];
    if (apiDoc) body.push(`The full reference is in [${apiDoc}](${apiDoc}).`, '');
    for (const entry of withSymbols) {
      body.push(`### \`${entry.specifier}\``, '', '| export | kind | summary |', '| --- | --- | --- |');
      for (const s of entry.symbols.filter((x) => !x.name.includes('.'))) {
        body.push(`| \`${cell(s.name)}\` | ${s.kind}${s.deprecated ? ' (deprecated)' : ''} | ${cell(firstSentence(s.doc))} |`);
      }
      body.push('');
    }
    sections.push({ id: 'api', body: body.join('\n') });
  }

  const facts: string[] = [];
  facts.push(
    `- Language: ${project.language === 'typescript' ? 'TypeScript' : 'JavaScript'} (${project.moduleSystem === 'esm' ? 'ES modules' : 'CommonJS'})`,
  );
  if (project.frameworks.length > 0) facts.push(`- Frameworks: ${project.frameworks.join(', ')}`);
  if (project.testRunner !== 'none')
    facts.push(`- Tests: ${project.testRunner}${project.testCommand ? ` (\`${project.testCommand}\`)` : ''}`);
  if (pkg.engines?.node) facts.push(`- Node.js: ${pkg.engines.node}`);
  if (pkg.license) facts.push(`- License: ${pkg.license}`);
  sections.push({ id: 'project', body: ['## Project', '', ...facts].join('\n') });
  return sections;
}

/** The opening of a README that does not exist yet: the name and package.json's description, nothing else. */
export function header(pkg: PackageJson, fallbackName: string): string {
  const lines = [`# ${pkg.name ?? fallbackName}`];
  if (pkg.description) lines.push('', pkg.description);
  return `${lines.join('\n')}\n`;
}
