/**
 * generation.config: the tooling configuration a project lacks — tsconfig.json, an ESLint flat config,
 * a Prettier config, .editorconfig and a GitHub Actions CI workflow — consistent with the project: its
 * detected code style (quotes, semicolons, indentation), module system and bundler, installed ESLint
 * plugins, package manager and Node version, and its REAL scripts (CI runs lint, type-check, build and
 * test only where package.json has them). By default only missing configs are written; one that exists
 * is listed as kept, unless asked for by name (then the generation kit's refuse/propose rule applies).
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { AgentdError } from '../../core/index.js';
import { describeStaged, onExistingSchema, renderTemplate, stageFiles, type GeneratedFile, type OnExisting } from './kit/index.js';
import { ciDataFor } from './config/ci-workflow.js';
import { eslintSetupFor } from './config/eslint-setup.js';
import { CONFIG_KINDS, readProjectFacts, type ConfigKind, type ProjectFacts } from './config/project-facts.js';
import { tsconfigFor } from './config/tsconfig-options.js';
import { PLANNING } from './config/planning.js';

export interface ConfigInput {
  files?: ConfigKind[];
  branch?: string;
  onExisting?: OnExisting;
}

export const meta: CapabilityMeta = {
  id: 'generation.config',
  group: 'generation',
  title: 'Tooling config',
  description:
    'tsconfig.json, an ESLint flat config, a Prettier config, .editorconfig and a GitHub Actions CI workflow consistent with the project (its code style, module system, installed plugins, package manager, Node version and real scripts); only missing ones unless named.',
  version: '1.0.0',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      files: {
        type: 'array',
        uniqueItems: true,
        minItems: 1,
        items: { enum: [...CONFIG_KINDS] },
        description: 'Which configs to write (default: every one the project lacks). Naming one that exists replaces it under onExisting.',
      },
      branch: {
        type: 'string',
        pattern: '^[A-Za-z0-9._/-]{1,100}$',
        default: 'main',
        description: 'The branch CI runs on for pushes (pull requests always run).',
      },
      onExisting: onExistingSchema,
    },
  },
  writes: true,
  planning: PLANNING,
};

const PATHS: Record<Exclude<ConfigKind, 'eslint'>, string> = {
  tsconfig: 'tsconfig.json',
  prettier: '.prettierrc.json',
  editorconfig: '.editorconfig',
  ci: '.github/workflows/ci.yml',
};

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

async function generate(
  kind: ConfigKind,
  ctx: CapabilityContext,
  facts: ProjectFacts,
  input: ConfigInput,
  notes: string[],
): Promise<GeneratedFile> {
  const style = ctx.project.codeStyle;
  const render = async (file: string, data: Record<string, unknown>): Promise<string> => {
    const rendered = await renderTemplate(ctx, 'config', file, data);
    if (rendered.note) notes.push(rendered.note);
    return rendered.text;
  };
  switch (kind) {
    case 'tsconfig':
      return { path: PATHS.tsconfig, content: json(tsconfigFor(ctx.project, facts)) };
    case 'prettier':
      return {
        path: PATHS.prettier,
        content: json({
          semi: style.semicolons,
          singleQuote: style.quotes === 'single',
          useTabs: style.indent.style === 'tab',
          tabWidth: style.indent.size,
        }),
      };
    case 'editorconfig':
      return {
        path: PATHS.editorconfig,
        content: await render('editorconfig.eta', { indentStyle: style.indent.style, indentSize: style.indent.size }),
      };
    case 'eslint': {
      const install =
        ({ pnpm: 'pnpm add -D', yarn: 'yarn add -D', bun: 'bun add -d' } as Record<string, string>)[ctx.project.packageManager] ??
        'npm install --save-dev';
      const setup = eslintSetupFor(facts, install);
      if (setup.installHint)
        notes.push(`The ESLint config needs ${setup.missing.join(', ')}, which package.json does not list: ${setup.installHint}`);
      const browser = facts.bundler || ctx.project.frameworks.some((f) => ['react', 'next', 'vue', 'svelte'].includes(f));
      return { path: setup.file, content: await render('eslint.config.js.eta', { ...setup, browser }) };
    }
    case 'ci': {
      const hasLock = await ctx.workspace.exists('package-lock.json');
      const ci = ciDataFor(facts, ctx.project.packageManager, hasLock);
      if (ci.scripts.length === 0)
        notes.push('package.json has no lint, typecheck, build or test script: the CI workflow only installs; add scripts and regenerate.');
      const cache =
        ['npm', 'pnpm', 'yarn'].includes(ci.packageManager) && (ci.packageManager !== 'npm' || hasLock) ? ci.packageManager : null;
      return { path: PATHS.ci, content: await render('ci.yml.eta', { ...ci, cache, branch: input.branch ?? 'main' }) };
    }
  }
}

export async function run(input: ConfigInput, ctx: CapabilityContext): Promise<StepResult> {
  const facts = await readProjectFacts(ctx);
  if (!facts.pkg)
    throw new AgentdError(
      'invalid_input',
      'generation.config needs a package.json at the workspace root: the configs follow its scripts, dependencies and module type.',
    );
  const asked = input.files ?? null;
  const kinds = (asked ?? CONFIG_KINDS).filter((kind) => kind !== 'tsconfig' || facts.hasTypeScript || asked?.includes('tsconfig'));
  const kept = asked ? [] : kinds.filter((kind) => facts.existing[kind].length > 0);
  const toWrite = kinds.filter((kind) => !kept.includes(kind));
  const notes: string[] = [];
  const files: GeneratedFile[] = [];
  for (const kind of toWrite) {
    if (kind === 'eslint' && asked && facts.existing.eslint.some((f) => f.startsWith('.eslintrc') || f.includes('#'))) {
      notes.push(
        `The project also has ${facts.existing.eslint.join(', ')} (legacy eslintrc); ESLint 9 reads only the flat config written here — remove the old one after review.`,
      );
    }
    files.push(await generate(kind, ctx, facts, input, notes));
  }
  const staged = files.length > 0 ? await stageFiles(ctx, files, input.onExisting ?? 'refuse') : [];
  const keptText = kept.map((kind) => `${kind} (${facts.existing[kind].join(', ')})`);
  const summary = [
    files.length > 0 ? `Config: ${describeStaged(staged)} (${staged.map((s) => s.path).join(', ')}).` : 'Config: nothing to write.',
    keptText.length > 0 ? `Kept the project's existing ${keptText.join('; ')}; name them in "files" to replace.` : '',
    ...notes,
  ]
    .filter(Boolean)
    .join(' ');
  return {
    summary,
    data: {
      written: staged,
      kept: kept.map((kind) => ({ kind, files: facts.existing[kind] })),
      notes,
      facts: { sourceFolders: facts.sourceFolders, nodeVersion: facts.nodeVersion, bundler: facts.bundler },
    },
  };
}
