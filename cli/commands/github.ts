/**
 * `agentd github setup --url <public daemon URL>`: prints the GitHub App manifest (the permissions and
 * events the App needs) for GitHub's App-manifest flow, with the steps to create and install the App
 * (docs/github-app.md). Reads and writes nothing else.
 */
import type { Argv, CommandModule } from 'yargs';
import { appManifest } from '../../daemon/github/app-manifest.js';

interface SetupArgs {
  url: string;
  name?: string;
  json: boolean;
  codeScanning: boolean;
}

function setup(argv: SetupArgs): void {
  let parsed: URL;
  try {
    parsed = new URL(argv.url);
  } catch {
    process.stderr.write(
      `agentd github setup: --url "${argv.url}" is not a URL; pass the daemon's public base URL, e.g. https://agentd.example.com\n`,
    );
    process.exitCode = 2;
    return;
  }
  const manifest = appManifest({ url: parsed.href, codeScanning: argv.codeScanning, ...(argv.name ? { name: argv.name } : {}) });
  const text = JSON.stringify(manifest, null, 2);
  if (argv.json) {
    process.stdout.write(`${text}\n`);
    return;
  }
  process.stdout.write(
    [
      'GitHub App manifest (docs/github-app.md walks through it):',
      '',
      text,
      '',
      'Create the App: post this JSON as the "manifest" field of a form to https://github.com/settings/apps/new',
      '(or https://github.com/organizations/<org>/settings/apps/new); GitHub redirects back with a code, and',
      'POST https://api.github.com/app-manifests/<code>/conversions returns the App id, the private key (PEM)',
      'and the webhook secret. Then start the daemon with:',
      '',
      '  GITHUB_APP_ID=<id> GITHUB_PRIVATE_KEY_PATH=/etc/agentd/github-app.pem GITHUB_WEBHOOK_SECRET=<secret> agentd start',
      '',
      'and install the App on the repositories it should check.',
      '',
    ].join('\n'),
  );
}

export const githubCommand: CommandModule = {
  command: 'github <command>',
  describe: 'The GitHub App: print its manifest (setup)',
  builder: (yargs: Argv) =>
    yargs
      .command({
        command: 'setup',
        describe: 'Print the GitHub App manifest (permissions and events) and how to create the App from it',
        builder: (y: Argv) =>
          y
            .option('url', {
              type: 'string',
              demandOption: true,
              describe: "The daemon's public base URL; webhooks go to <url>/webhooks/github",
            })
            .option('name', { type: 'string', describe: 'The App name [default: agentd]' })
            .option('json', { type: 'boolean', default: false, describe: 'Print the manifest JSON only' })
            .option('code-scanning', {
              type: 'boolean',
              default: false,
              describe: 'Also ask for security_events: write, to upload SARIF to code scanning (github.codeScanning)',
            }) as unknown as Argv<SetupArgs>,
        handler: (argv) => setup(argv as unknown as SetupArgs),
      })
      .demandCommand(1, 'Name a github command: setup.'),
  handler: () => undefined,
};
