import path from 'node:path';
import type { Argv, CommandModule } from 'yargs';

interface UpdateArgs {
  from: string;
}

interface ListArgs {
  package?: string;
  json: boolean;
}

/**
 * core's advisory list, imported when an advisories command runs (not when `agentd` starts: the other
 * commands need none of it). Installs go to ~/.agentd/advisories.json.
 */
const advisoryStore = (): Promise<typeof import('../../core/advisories/index.js')> => import('../../core/advisories/index.js');

async function update(argv: UpdateArgs): Promise<void> {
  const { installAdvisories } = await advisoryStore();
  const installed = installAdvisories(path.resolve(argv.from));
  process.stdout.write(
    `Loaded ${installed.advisories} advisories for ${installed.packages} packages (${installed.source}, generated ${installed.generatedAt}) into ${installed.path}.\n`,
  );
}

async function list(argv: ListArgs): Promise<void> {
  const { loadAdvisories } = await advisoryStore();
  const warnings: string[] = [];
  const loaded = loadAdvisories(undefined, { onWarning: (message) => warnings.push(message) });
  for (const warning of warnings) process.stderr.write(`agentd advisories: ${warning}\n`);
  const wanted = argv.package?.toLowerCase();
  const advisories = loaded.advisories.filter((a) => !wanted || a.package.toLowerCase() === wanted);
  if (argv.json) {
    process.stdout.write(`${JSON.stringify(advisories, null, 2)}\n`);
    return;
  }
  for (const a of advisories) {
    const fixed = a.patchedVersion ? `fixed in ${a.patchedVersion}` : 'no fix';
    process.stdout.write(`${a.package} ${a.vulnerableRange}  ${a.severity}  ${a.id}  ${a.cwe.join(',') || '-'}  ${fixed}  ${a.title}\n`);
  }
  const scope = wanted ? ` for "${argv.package}"` : '';
  process.stdout.write(`${advisories.length} advisories${scope} in ${loaded.path} (${loaded.source}, generated ${loaded.generatedAt}).\n`);
}

/** Runs a subcommand; a failure is one line on stderr and exit 2, as for `scan`. */
function guarded<T>(action: (argv: T) => Promise<void>): (argv: T) => Promise<void> {
  return async (argv) => {
    try {
      await action(argv);
    } catch (error) {
      process.stderr.write(`agentd advisories: ${((error as Error)?.message ?? String(error)).split('\n')[0]}\n`);
      process.exitCode = 2;
    }
  };
}

const updateCommand: CommandModule<object, UpdateArgs> = {
  command: 'update',
  describe: 'Install a newer advisory list (agentd format or an OSV export) into ~/.agentd/advisories.json',
  builder: (yargs: Argv) =>
    yargs.option('from', { type: 'string', demandOption: true, describe: 'The advisory file to load' }) as unknown as Argv<UpdateArgs>,
  handler: guarded(update),
};

const listCommand: CommandModule<object, ListArgs> = {
  command: 'list',
  describe: 'Show the advisories analysis.security checks dependencies against',
  builder: (yargs: Argv) =>
    yargs
      .option('package', { type: 'string', describe: 'Only this npm package' })
      .option('json', { type: 'boolean', default: false, describe: 'Print JSON' }) as unknown as Argv<ListArgs>,
  handler: guarded(list),
};

/** `agentd advisories update --from <file>` and `agentd advisories list [--package x]`. */
export const advisoriesCommand: CommandModule = {
  command: 'advisories <command>',
  describe: 'Manage the offline advisory list of analysis.security',
  builder: (yargs: Argv) => yargs.command(updateCommand).command(listCommand).demandCommand(1, 'Name a subcommand: update or list.'),
  handler: () => undefined,
};
