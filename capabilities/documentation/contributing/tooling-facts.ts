/**
 * What CONTRIBUTING is derived from, read from the repository's files: package.json scripts, the
 * package manager and Node version, lint/format/type-check configs, where tests live, commit tooling
 * (commitlint, husky, lefthook, lint-staged), release tooling (changesets, semantic-release,
 * release-please, standard-version), CI workflows and the pull-request template.
 */
import type { CapabilityContext } from '../../../core/index.js';

export interface PackageJson {
  name?: string;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  engines?: { node?: string };
  commitlint?: { extends?: string[] | string };
  'lint-staged'?: Record<string, string | string[]>;
  release?: unknown;
}

export interface HookCommand {
  hook: string;
  commands: string[];
  source: string;
}

export interface ToolingFacts {
  pkg: PackageJson;
  deps: Set<string>;
  nodeVersion: string | null;
  eslintConfig: string | null;
  prettierConfig: string | null;
  editorconfig: boolean;
  tsconfig: boolean;
  testFolders: string[];
  testFilePattern: string | null;
  commitlint: { file: string; conventional: boolean } | null;
  hooks: HookCommand[];
  lintStaged: string | null;
  release: { tool: string; evidence: string }[];
  changelog: string | null;
  workflows: { file: string; name: string; triggers: string[] }[];
  prTemplate: string | null;
}

const first = (files: string[], pattern: RegExp): string | null => files.find((f) => pattern.test(f)) ?? null;

function workflowFacts(file: string, text: string): { file: string; name: string; triggers: string[] } {
  const name = /^name:\s*['"]?(.+?)['"]?\s*$/m.exec(text)?.[1] ?? file.split('/').pop()!;
  const on = /^on:[ \t]*(.*)$/m.exec(text);
  let triggers: string[] = [];
  if (on && on[1]!.trim() !== '')
    triggers = on[1]!
      .replace(/[[\]]/g, '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
  else if (on) {
    const block = text.slice(on.index + on[0].length).split('\n');
    for (const line of block) {
      if (/^\S/.test(line)) break;
      const key = /^ {2}([a-z_]+):?/.exec(line)?.[1];
      if (key) triggers.push(key);
    }
  }
  return { file, name, triggers };
}

function hookCommands(hook: string, text: string, source: string): HookCommand {
  const commands = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#') && !/^\.\s+"?\$\(dirname/.test(l));
  return { hook, commands, source };
}

function lefthookHooks(text: string): HookCommand[] {
  const hooks: HookCommand[] = [];
  let current: HookCommand | null = null;
  for (const line of text.split('\n')) {
    const hook = /^([a-z-]+):\s*$/.exec(line);
    if (hook) {
      current = { hook: hook[1]!, commands: [], source: 'lefthook.yml' };
      hooks.push(current);
      continue;
    }
    const run = /^\s+run:\s*(.+)$/.exec(line);
    if (run && current) current.commands.push(run[1]!.replace(/^['"]|['"]$/g, ''));
  }
  return hooks.filter((h) => h.commands.length > 0);
}

export async function readToolingFacts(ctx: CapabilityContext, pkg: PackageJson): Promise<ToolingFacts> {
  const files = await ctx.workspace.list({ exclude: ['dist/**', 'build/**', 'coverage/**'] });
  const read = (path: string): Promise<string> => ctx.workspace.read(path);
  const deps = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]);
  const nvmrc = first(files, /^\.(nvmrc|node-version)$/);
  const nodeVersion =
    (nvmrc ? /(\d{2,})/.exec(await read(nvmrc))?.[1] : undefined) ?? /(\d{2,})/.exec(pkg.engines?.node ?? '')?.[1] ?? null;
  const tests = files.filter((f) => /(^|\/)(__tests__|tests?)\/|\.(test|spec)\.[cm]?[jt]sx?$/.test(f));
  const testFolders = [
    ...new Set(
      tests.map((f) =>
        /(^|\/)(__tests__|tests?)\//.test(f)
          ? f.slice(0, f.search(/(__tests__|tests?)\//)) + /(__tests__|tests?)\//.exec(f)![1]
          : f.split('/').slice(0, -1).join('/') || '.',
      ),
    ),
  ]
    .sort()
    .slice(0, 5);
  const testFilePattern = tests.some((f) => /\.test\.[cm]?[jt]sx?$/.test(f))
    ? '*.test.*'
    : tests.some((f) => /\.spec\./.test(f))
      ? '*.spec.*'
      : null;
  const commitlintFile = first(files, /^(commitlint\.config\.[cm]?[jt]s|\.commitlintrc(\.(json|ya?ml|[cm]?js))?)$/);
  let commitlint: ToolingFacts['commitlint'] = null;
  if (commitlintFile) commitlint = { file: commitlintFile, conventional: /config-conventional/.test(await read(commitlintFile)) };
  else if (pkg.commitlint) commitlint = { file: 'package.json', conventional: /config-conventional/.test(JSON.stringify(pkg.commitlint)) };
  const hooks: HookCommand[] = [];
  for (const file of files.filter((f) => /^\.husky\/[a-z-]+$/.test(f)))
    hooks.push(hookCommands(file.slice('.husky/'.length), await read(file), file));
  const lefthook = first(files, /^\.?lefthook\.ya?ml$/);
  if (lefthook) hooks.push(...lefthookHooks(await read(lefthook)).map((h) => ({ ...h, source: lefthook })));
  const lintStaged =
    first(files, /^(\.lintstagedrc(\.(json|ya?ml|[cm]?js))?|lint-staged\.config\.[cm]?js)$/) ??
    (pkg['lint-staged'] ? 'package.json' : null);
  const release: ToolingFacts['release'] = [];
  if (files.some((f) => f.startsWith('.changeset/'))) release.push({ tool: 'changesets', evidence: '.changeset/' });
  if (deps.has('semantic-release') || pkg.release !== undefined || first(files, /^\.releaserc/))
    release.push({ tool: 'semantic-release', evidence: deps.has('semantic-release') ? 'package.json' : '.releaserc' });
  const releasePlease = first(files, /^(release-please-config\.json|\.release-please-manifest\.json)$/);
  if (releasePlease) release.push({ tool: 'release-please', evidence: releasePlease });
  if (deps.has('standard-version')) release.push({ tool: 'standard-version', evidence: 'package.json' });
  const workflows: ToolingFacts['workflows'] = [];
  for (const file of files.filter((f) => /^\.github\/workflows\/[^/]+\.ya?ml$/.test(f)).sort())
    workflows.push(workflowFacts(file, await read(file)));
  return {
    pkg,
    deps,
    nodeVersion,
    eslintConfig: first(files, /^(eslint\.config\.[cm]?[jt]s|\.eslintrc(\.(json|ya?ml|[cm]?js))?)$/),
    prettierConfig: first(files, /^(\.prettierrc(\.(json5?|ya?ml|toml|[cm]?[jt]s))?|prettier\.config\.[cm]?[jt]s)$/),
    editorconfig: files.includes('.editorconfig'),
    tsconfig: files.includes('tsconfig.json'),
    testFolders,
    testFilePattern,
    commitlint,
    hooks,
    lintStaged,
    release,
    changelog: first(files, /^CHANGELOG\.md$/i),
    workflows,
    prTemplate: first(files, /^(\.github\/)?(pull_request_template|PULL_REQUEST_TEMPLATE)\.md$/i),
  };
}
