/**
 * `tools.format`: Prettier with the project's own settings for that file. A Prettier config in the
 * root is resolved for the file's path (its overrides apply); without one, the detected code style
 * (ESLint, EditorConfig or inferred) becomes Prettier's options, so output matches the project.
 * A config that runs the project's code (a JS/TS config, a shared config module, plugins) is used only
 * with the project-code permission, and then in agentd's sandbox (prettier-runner.ts); without it the
 * call is refused with project_code_not_allowed, so a capability never silently formats differently.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as prettier from 'prettier';
import { loadPrettier } from '../project/load-prettier.js';
import { namesPlugins } from '../project/prettier-config-kind.js';
import type { CodeStyle } from '../contracts/index.js';
import { AgentdError } from '../errors/index.js';
import { runSandboxed } from '../sandbox/run-sandboxed.js';
import { projectCodeRefused } from './project-code-refusal.js';

const RUNNER = fileURLToPath(new URL('./prettier-runner.js', import.meta.url));

export interface FormatOptions {
  /** Real root of the workspace. */
  root: string;
  /** POSIX path relative to the root. */
  path: string;
  codeStyle: CodeStyle;
  /** The job's project-code permission. */
  projectCode: boolean;
  signal: AbortSignal;
  /** Data limit of the sandboxed runner. */
  memoryMB?: number;
}

function optionsFromStyle(style: CodeStyle): prettier.Options {
  return {
    singleQuote: style.quotes === 'single',
    semi: style.semicolons,
    useTabs: style.indent.style === 'tab',
    tabWidth: style.indent.size,
  };
}

async function formatInSandbox(source: string, configFile: string, options: FormatOptions): Promise<string> {
  const ran = await runSandboxed({
    command: process.execPath,
    args: [RUNNER, configFile, options.path],
    stdin: source,
    cwd: options.root,
    signal: options.signal,
    memoryMB: options.memoryMB,
    readOnly: [options.root],
    maxOutputBytes: 16 * 1024 * 1024,
  });
  if (ran.exitCode === 0 && !ran.truncated) return ran.stdout;
  const said = ran.stderr.trim().split('\n')[0]?.slice(0, 300) ?? '';
  throw new AgentdError(
    'capability_error',
    `Prettier with the project's "${configFile}" could not format "${options.path}" (exit code ${ran.exitCode}${said ? `: ${said}` : ''}); fix the config or the file.`,
  );
}

export async function formatSource(source: string, options: FormatOptions): Promise<string> {
  const filepath = join(options.root, ...options.path.split('/'));
  const prettier = await loadPrettier();
  const config = options.codeStyle.prettier;
  if (!config) return prettier.format(source, { ...optionsFromStyle(options.codeStyle), filepath });
  if (!config.runsCode) {
    // A config Prettier cannot load says nothing about the style: the detected one is used, as at detection.
    const resolved = await prettier
      .resolveConfig(filepath, { config: join(options.root, config.configFile), editorconfig: false })
      .catch(() => undefined);
    if (resolved === undefined) return prettier.format(source, { ...optionsFromStyle(options.codeStyle), filepath });
    if (!namesPlugins(resolved)) return prettier.format(source, { ...resolved, filepath });
  }
  if (!options.projectCode)
    throw projectCodeRefused(`Formatting "${options.path}" with the project's ${config.configFile} (its code or plugins)`);
  return formatInSandbox(source, config.configFile, options);
}
