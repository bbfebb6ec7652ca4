/**
 * CONTRIBUTING's sections, each a marked region (readme/regions.ts), written only from facts: a
 * section whose facts are missing says what was not found instead of inventing a practice.
 */
import type { PackageManager, ProjectContext } from '../../../core/index.js';
import type { Section } from '../readme/regions.js';
import type { GitPractice } from './git-practice.js';
import type { ToolingFacts } from './tooling-facts.js';

const INSTALL: Record<PackageManager, string> = {
  npm: 'npm install',
  pnpm: 'pnpm install',
  yarn: 'yarn install',
  bun: 'bun install',
  none: 'npm install',
};
const RUN: Record<PackageManager, string> = { npm: 'npm run', pnpm: 'pnpm', yarn: 'yarn', bun: 'bun run', none: 'npm run' };
const ONE_TEST: Record<string, string> = {
  mocha: 'npx mocha <file>',
  vitest: 'npx vitest run <file>',
  jest: 'npx jest <file>',
  'node:test': 'node --test <file>',
};

const code = (s: string): string => `\`${s.replace(/`/g, "'")}\``;

function run(pm: PackageManager, script: string): string {
  if (pm === 'npm' && (script === 'test' || script === 'start')) return `npm ${script}`;
  return `${RUN[pm]} ${script}`;
}

function scriptFor(facts: ToolingFacts, names: string[]): string | null {
  return names.find((n) => typeof facts.pkg.scripts?.[n] === 'string') ?? null;
}

export function buildSections(facts: ToolingFacts, project: ProjectContext, git: GitPractice): Section[] {
  const pm = project.packageManager;
  const scripts = Object.entries(facts.pkg.scripts ?? {});
  const sections: Section[] = [];

  const setup = ['## Getting started', ''];
  if (facts.nodeVersion) setup.push(`You need Node.js ${facts.nodeVersion} (the version this repository declares).`, '');
  setup.push('```sh', INSTALL[pm], '```');
  sections.push({ id: 'contributing-setup', body: setup.join('\n') });

  if (scripts.length > 0) {
    const body = [
      '## Scripts',
      '',
      '| command | runs |',
      '| --- | --- |',
      ...scripts.map(([name, command]) => `| ${code(run(pm, name))} | ${code(command)} |`),
    ];
    sections.push({ id: 'contributing-scripts', body: body.join('\n') });
  }

  const style = ['## Code style', ''];
  const lint = scriptFor(facts, ['lint']);
  const format = scriptFor(facts, ['format', 'fmt', 'prettier']);
  const typecheck = scriptFor(facts, ['typecheck', 'type-check', 'check-types', 'tsc']);
  if (facts.eslintConfig) style.push(`- Lint with ESLint (${code(facts.eslintConfig)}): ${code(lint ? run(pm, lint) : 'npx eslint .')}.`);
  if (facts.prettierConfig)
    style.push(`- Format with Prettier (${code(facts.prettierConfig)}): ${code(format ? run(pm, format) : 'npx prettier --write .')}.`);
  if (facts.tsconfig) style.push(`- Type-check with TypeScript: ${code(typecheck ? run(pm, typecheck) : 'npx tsc --noEmit')}.`);
  if (facts.editorconfig) style.push('- Your editor picks up indentation and line endings from `.editorconfig`.');
  const cs = project.codeStyle;
  style.push(
    `- The code uses ${cs.quotes} quotes, ${cs.semicolons ? 'semicolons' : 'no semicolons'} and ${cs.indent.style === 'tab' ? 'tabs' : `${cs.indent.size}-space indentation`} (detected from ${cs.source === 'inferred' ? 'the existing files' : `its ${cs.source} configuration`}).`,
  );
  if (facts.lintStaged) style.push(`- Staged files are checked before each commit by lint-staged (${code(facts.lintStaged)}).`);
  sections.push({ id: 'contributing-style', body: style.join('\n') });

  const tests = ['## Tests', ''];
  if (project.testRunner !== 'none') {
    tests.push(
      `Tests run with ${project.testRunner === 'node:test' ? "Node's built-in test runner" : project.testRunner}${project.testCommand ? `: ${code(run(pm, 'test'))} (${code(project.testCommand)})` : ''}.`,
    );
    if (facts.testFolders.length > 0)
      tests.push(
        '',
        `Tests live in ${facts.testFolders.map(code).join(', ')}${facts.testFilePattern ? `, in files named ${code(facts.testFilePattern)}` : ''}. Run one file with ${code(ONE_TEST[project.testRunner]!)}.`,
      );
    tests.push('', 'Add or update tests with every change in behaviour; a pull request keeps the suite green.');
  } else {
    tests.push('No test runner was found in this repository (no `test` script and no mocha, vitest, jest or node:test use).');
  }
  sections.push({ id: 'contributing-tests', body: tests.join('\n') });

  const commits = ['## Commits', ''];
  if (facts.commitlint)
    commits.push(
      `Commit messages are checked by commitlint (${code(facts.commitlint.file)})${facts.commitlint.conventional ? ' and follow [Conventional Commits](https://www.conventionalcommits.org/): `type(scope): subject`' : ''}.`,
    );
  if (facts.commitlint && facts.hooks.length > 0) commits.push('');
  for (const hook of facts.hooks)
    commits.push(`- The ${code(hook.hook)} hook (${code(hook.source)}) runs ${hook.commands.map(code).join(', ')}.`);
  if (git.subjects !== null && git.subjects > 0) {
    const share = Math.round((git.conventional / git.subjects) * 100);
    commits.push(
      '',
      share >= 60
        ? `The history follows Conventional Commits (${git.conventional} of the last ${git.subjects} subjects); types in use: ${git.types.map(code).join(', ')}.`
        : `Of the last ${git.subjects} commit subjects, ${git.conventional} follow Conventional Commits; there is no enforced format beyond what the hooks above check.`,
    );
  } else if (git.note) commits.push('', git.note);
  if (commits.length === 2) commits.push('No commit conventions are configured (no commitlint, husky or lefthook).');
  sections.push({ id: 'contributing-commits', body: commits.join('\n') });

  const flow = ['## Pull requests and releases', ''];
  if (git.branch) flow.push(`Branch from ${code(git.branch)} and open a pull request against it.`);
  if (facts.prTemplate) flow.push(`Fill in the pull-request template (${code(facts.prTemplate)}).`);
  if (flow.length > 2) flow.push('');
  for (const wf of facts.workflows)
    flow.push(
      `- CI: ${code(wf.file)} ("${wf.name}") runs on ${wf.triggers.length > 0 ? wf.triggers.map(code).join(', ') : 'its configured events'}.`,
    );
  for (const r of facts.release)
    flow.push(
      `- Releases use ${r.tool} (${code(r.evidence)})${r.tool === 'changesets' ? ': add a changeset with `npx changeset` in your pull request' : ''}.`,
    );
  if (facts.changelog) flow.push(`- Notable changes are recorded in ${code(facts.changelog)}.`);
  if (git.tags.length > 0) flow.push(`- Versions are tagged (latest: ${git.tags.slice(0, 3).map(code).join(', ')}).`);
  if (flow.length === 2) flow.push('No CI workflow, release tooling or pull-request template was found in this repository.');
  sections.push({ id: 'contributing-flow', body: flow.join('\n') });
  return sections;
}
