import path from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { SEVERITIES } from '../../core/report/severity.js';
import { tierForOneShot } from '../one-shot-tiering.js';
import { loadScanRuntime, type LoadedScanRuntime } from './scan-bundle.js';
import { SCAN_FORMATS, type ScanFormat } from './scan-formats.js';
import type { ScanArgs } from './scan-run.js';

export const FAIL_ON = [...SEVERITIES, 'none'] as const;

/**
 * `agentd scan`: the CI gate. Exit 0 clean, 1 findings at or above --fail-on, 2 usage or runtime error
 * (one line, no stack). `load` gives the scan's code: the bundle or the compiled modules
 * (scan-bundle.ts), or the bundle it already runs in when the scan started from it (scan-launch.ts).
 */
export const scanCommandWith = (load: () => Promise<LoadedScanRuntime>): CommandModule<object, ScanArgs> => ({
  command: 'scan [path]',
  describe: 'Run analysis checks in-process and report findings (exit 1 at or above --fail-on)',
  builder: (yargs: Argv) =>
    yargs
      .positional('path', { type: 'string', default: '.', describe: 'Folder to scan' })
      .option('checks', {
        type: 'string',
        array: true,
        describe: "Checks to run, comma-separated (security,quality,...) or all [default: agentd.config.json's, else all]",
      })
      .option('plugin', {
        type: 'string',
        array: true,
        describe:
          'A third-party plugin (folder or installed npm package) whose analysis checks join the scan, besides those in ~/.agentd/config.json; name them by full id in --checks (acme/analysis.license-header)',
      })
      .option('format', { choices: SCAN_FORMATS, default: 'text' as ScanFormat, describe: 'Report format' })
      .option('output', { alias: 'o', type: 'string', describe: 'Write the report to this file (atomically) instead of stdout' })
      .option('report', {
        type: 'string',
        array: true,
        describe: 'Also write the same scan as <format>:<file> (repeatable), e.g. sarif:agentd.sarif',
      })
      .option('fail-on', {
        choices: FAIL_ON,
        describe: "Exit 1 when a finding is at or above this severity (none: never) [default: agentd.config.json's, else high]",
      })
      .option('baseline', { type: 'string', describe: 'An earlier JSON or SARIF report: report only findings not in it' })
      .option('changed-since', { type: 'string', describe: 'Scan only files changed since this git ref (plus uncommitted ones)' })
      .option('include', { type: 'string', array: true, describe: 'Gitignore-style globs to include' })
      .option('exclude', { type: 'string', array: true, describe: 'Gitignore-style globs to exclude' })
      .option('config', {
        alias: 'c',
        type: 'string',
        describe: 'The project configuration file [default: the nearest agentd.config.json]',
      })
      .option('profile', { type: 'string', describe: 'The analysis.security profile to run' })
      .option('fix', { type: 'boolean', describe: 'Apply the safe fixes findings carry, and report what is left' })
      .option('fix-dry-run', { type: 'boolean', describe: 'Print the diff --fix would apply, change nothing' })
      .option('link-base', {
        type: 'string',
        describe: 'URL the Markdown report links file:line to [default: the GitHub/GitLab commit in CI]',
      })
      .option('verbose', { type: 'boolean', default: false, describe: 'Progress and check logs on stderr, also in CI' })
      .option('project-code', {
        type: 'boolean',
        default: true,
        describe:
          "Run the project's own code where a check uses it (its ESLint config and plugins), in agentd's sandbox; --no-project-code for code you do not trust",
      })
      .conflicts('fix', 'fix-dry-run')
      .example('$0 scan --checks security --fail-on high', 'a security gate')
      .example('$0 scan --format sarif -o agentd.sarif', 'for GitHub code scanning')
      .example('$0 scan --format github --report sarif:agentd.sarif', 'GitHub annotations, and SARIF for code scanning, from one scan')
      .example(
        '$0 scan --baseline main.json --changed-since origin/main',
        'only new findings in changed files',
      ) as unknown as Argv<ScanArgs>,
  handler: async (argv) => {
    try {
      tierForOneShot();
      // The project starts parsing first, off the main thread, and parses while scan-run.ts and the
      // checks' modules load (prefetch-sources.ts loads little; a problem surfaces in the scan).
      // One walk of the project serves the prefetch, the project's detection and every check.
      const { runtime, origin, saveCodeCache, keepCodeCache } = await load();
      const { prefetchSources, walkOnce, GENERATED_CODE_GLOBS, loadScanRun } = runtime;
      if (argv.verbose) process.stderr.write(`agentd scan: code from ${origin}\n`);
      const walk = walkOnce();
      // Generated code is left out by default (agentd.config.json may turn that off: those files then parse when a check asks).
      const exclude = [...GENERATED_CODE_GLOBS, ...(argv.exclude ?? [])];
      await prefetchSources({
        root: path.resolve(argv.path),
        checks: argv.checks ?? ['all'],
        include: argv.include,
        exclude,
        changedSince: argv.changedSince,
        walk,
      });
      const { scan } = await loadScanRun();
      process.exitCode = await scan(argv, walk);
      // What this run compiled serves the next ones: the build's own scan (scripts/bundle-scan.mjs)
      // writes the cache the package ships; a scan that had none keeps one for its user (scan-bundle.ts).
      const cacheOut = process.env.AGENTD_SCAN_CODE_CACHE_OUT;
      if (cacheOut && saveCodeCache) saveCodeCache(cacheOut);
      else keepCodeCache?.();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(`agentd scan: ${message.split('\n')[0]}\n`);
      process.exitCode = 2;
    }
  },
});

export const scanCommand = scanCommandWith(() => loadScanRuntime());
