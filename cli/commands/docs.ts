import type { Argv, CommandModule } from 'yargs';
import { tierForOneShot } from '../one-shot-tiering.js';
import { DOCS_KINDS } from './docs-kinds.js';
import type { DocsArgs } from './docs-run.js';

/** `agentd docs <kind> [path]`: one documentation capability run in-process, no daemon; prints the document unless --out or --write. Exit 2 on an error. */
export const docsCommand: CommandModule<object, DocsArgs> = {
  command: 'docs <kind> [path]',
  describe:
    'Generate documentation in-process (api, openapi, readme, architecture, contributing, examples); prints it unless --out or --write',
  builder: (yargs: Argv) =>
    yargs
      .positional('kind', {
        type: 'string',
        describe: Object.entries(DOCS_KINDS)
          .map(([name, kind]) => `${name}: ${kind.describe}`)
          .join('; '),
      })
      .positional('path', { type: 'string', default: '.', describe: 'The project folder' })
      .option('out', {
        alias: 'o',
        type: 'string',
        describe:
          "Write the document to this file (relative to the current folder); inside the project it is the capability's out, so marked regions merge",
      })
      .option('write', { type: 'boolean', describe: 'Write the document where the capability puts it in the project (its default out)' })
      .option('include', { type: 'string', array: true, describe: 'Gitignore-style globs of the files to document (kinds that take them)' })
      .option('exclude', {
        type: 'string',
        array: true,
        describe: 'Gitignore-style globs of the files to leave out (kinds that take them)',
      })
      .option('project-code', {
        type: 'boolean',
        default: true,
        describe:
          "Let a kind run the project's tools where it uses them (contributing reads git history in agentd's sandbox); --no-project-code to skip",
      })
      .conflicts('out', 'write')
      .example('$0 docs openapi --out openapi.json', 'the OpenAPI 3.1 document of the REST routes, written')
      .example('$0 docs api', 'the Markdown API reference, printed')
      .example('$0 docs readme --write', "README.md's generated sections merged into the project's README") as unknown as Argv<DocsArgs>,
  handler: async (argv) => {
    try {
      tierForOneShot();
      const { docs } = await import('./docs-run.js');
      process.exitCode = await docs(argv);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(`agentd docs: ${message.split('\n')[0]}\n`);
      process.exitCode = 2;
    }
  },
};
