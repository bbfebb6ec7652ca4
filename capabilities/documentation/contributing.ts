/**
 * documentation.contributing: CONTRIBUTING.md from the repository's real tooling — setup (package
 * manager, Node version), scripts, code style (ESLint, Prettier, TypeScript, EditorConfig, lint-staged),
 * tests (runner, where they live, how to run one), commit conventions (commitlint, husky, lefthook, and
 * with the project-code permission git history), pull requests and releases (CI workflows, changesets,
 * semantic-release, release-please, tags). Each section is a marked region, so an existing CONTRIBUTING
 * keeps its human text and only agentd's regions are updated (a diff to review).
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { AgentdError, pathSchema } from '../../core/index.js';
import { buildSections } from './contributing/sections.js';
import { readGitPractice } from './contributing/git-practice.js';
import { readToolingFacts, type PackageJson } from './contributing/tooling-facts.js';
import { mergeSections } from './readme/regions.js';
import { PLANNING } from './contributing/planning.js';

export interface ContributingInput {
  out?: string;
}

export const meta: CapabilityMeta = {
  id: 'documentation.contributing',
  group: 'documentation',
  title: 'Contributing guidelines',
  description:
    "CONTRIBUTING.md from the repository's real tooling: setup, scripts, lint/format/type-check, tests, commit conventions (commitlint, hooks, git history), pull requests and releases; merged into an existing file by marked regions.",
  version: '1.0.0',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    properties: { out: pathSchema('The file to write or update (default CONTRIBUTING.md, or .github/CONTRIBUTING.md when that exists).') },
  },
  writes: true,
  planning: PLANNING,
  projectCode: {
    runs: 'git (log, tag, symbolic-ref) in the sandbox, to read commit conventions, tags and the default branch',
    without: 'the commit and branch sections come from the configuration files only and say the history was not read',
  },
};

export async function run(input: ContributingInput, ctx: CapabilityContext): Promise<StepResult> {
  if (!(await ctx.workspace.exists('package.json'))) {
    throw new AgentdError(
      'documentation_refused',
      'No package.json at the workspace root: CONTRIBUTING is derived from its scripts and tooling, and nothing would be left but guesses.',
    );
  }
  let pkg: PackageJson;
  try {
    pkg = JSON.parse(await ctx.workspace.read('package.json')) as PackageJson;
  } catch (error) {
    throw new AgentdError(
      'documentation_refused',
      `package.json is not valid JSON (${(error as Error).message}); CONTRIBUTING is derived from it.`,
    );
  }
  const out = input.out ?? ((await ctx.workspace.exists('.github/CONTRIBUTING.md')) ? '.github/CONTRIBUTING.md' : 'CONTRIBUTING.md');
  ctx.progress(20, 'reading the tooling');
  const facts = await readToolingFacts(ctx, pkg);
  const git = await readGitPractice(ctx);
  const sections = buildSections(facts, ctx.project, git);
  const existing = (await ctx.workspace.exists(out)) ? await ctx.workspace.read(out) : null;
  const title = `# Contributing to ${pkg.name ?? ctx.project.name ?? 'this project'}\n`;
  const merged = mergeSections(existing ?? title, sections);
  if (merged.text !== existing) await ctx.workspace.write(out, merged.text);
  ctx.progress(100, 'done');
  const did = existing === null ? 'Created' : merged.text === existing ? 'Unchanged' : 'Updated';
  const notes = git.note ? ` ${git.note}` : '';
  return {
    summary: `${did} ${out} (${sections.length} sections from package.json, ${[facts.eslintConfig, facts.prettierConfig, facts.commitlint?.file, ...facts.workflows.map((w) => w.file)].filter(Boolean).length} config files${git.subjects !== null ? ` and ${git.subjects} commits` : ''}).${existing !== null ? ' Text outside the agentd regions is kept as written.' : ''}${notes}`,
    data: {
      out,
      sections: sections.map((s) => s.id),
      replaced: merged.replaced,
      appended: merged.appended,
      unchanged: merged.unchanged,
      git,
      hooks: facts.hooks,
      workflows: facts.workflows,
      release: facts.release,
    },
  };
}
