/**
 * agentd's Prettier runner: the program `tools.format` starts in agentd's sandbox (core/sandbox) when
 * formatting with the project's Prettier config runs the project's code (a JS/TS config, a shared
 * config module, plugins). Never imported by agentd itself.
 *
 * argv[2]: the config file, argv[3]: the file being formatted, both relative to the working folder
 * (the workspace root). stdin: the source. stdout: the formatted source; whatever the project's code
 * prints goes to stderr. Exit code 1 with the error on stderr when Prettier fails.
 */
import path from 'node:path';
import * as prettier from 'prettier';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main(): Promise<void> {
  const answer = process.stdout.write.bind(process.stdout);
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
  const root = process.cwd();
  const source = await readStdin();
  const filepath = path.join(root, ...(process.argv[3] ?? 'index.ts').split('/'));
  try {
    const options = await prettier.resolveConfig(filepath, {
      config: path.join(root, process.argv[2] ?? '.prettierrc'),
      editorconfig: false,
    });
    answer(await prettier.format(source, { ...options, filepath }));
  } catch (error) {
    process.stderr.write(`${String((error as Error)?.message ?? error).split('\n')[0]}\n`);
    process.exitCode = 1;
  }
}

await main();
