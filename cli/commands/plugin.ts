/**
 * `agentd plugin init|add|list|remove|test`: scaffold a plugin, register one in the configuration the
 * daemon reads (`--config <file>`, else ~/.agentd/config.json), list what is configured with each
 * capability's id, version, permissions and source, remove one, run a plugin's own tests. Loading a
 * plugin here reads its manifest only (plugins/manifest); nothing of it runs, except under `test`.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { configFileOf, pluginsOf, readConfigObject, resolvedEntry, writeConfigObject } from './plugin/config-file.js';

/** Loaded when a plugin command runs, not when `agentd` starts (the other commands need none of it). */
const loader = async () => {
  const [{ CapabilityRegistry }, { readPlugin, registerPlugins }] = await Promise.all([
    import('../../core/registry/index.js'),
    import('../../plugins/manifest/index.js'),
  ]);
  return { CapabilityRegistry, readPlugin, registerPlugins };
};

interface InitArgs {
  name: string;
  dir: string;
}
interface EntryArgs {
  source: string;
  config?: string;
}
interface ListArgs {
  config?: string;
  json: boolean;
}
interface TestArgs {
  path: string;
}

const out = (line: string): void => void process.stdout.write(`${line}\n`);

function isPathLike(source: string): boolean {
  return source.startsWith('.') || path.isAbsolute(source);
}

async function init(argv: InitArgs): Promise<void> {
  const { scaffold } = await import('./plugin/scaffold.js');
  const { folder, id } = await scaffold(argv.name, path.resolve(argv.dir));
  out(`Created ${folder} with the capability ${id}.`);
  out(`Next: cd ${path.relative(process.cwd(), folder) || '.'} && npm test`);
}

async function add(argv: EntryArgs): Promise<void> {
  const file = configFileOf(argv.config);
  const config = await readConfigObject(file);
  const plugins = pluginsOf(config, file);
  const entry = isPathLike(argv.source) ? path.resolve(argv.source) : argv.source;
  const { CapabilityRegistry, readPlugin, registerPlugins } = await loader();
  // Bundled first (its npm dependencies into the one script the isolate runs), then validated as the daemon will load it.
  const unbundled = await readPlugin(entry, process.cwd(), { bundle: 'ignore' });
  const { bundlePlugin } = await import('../../plugins/bundle/bundle-plugin.js');
  const bundled = await bundlePlugin(unbundled.name, unbundled.folder, unbundled.entry);
  const bundleNote = bundled.bundle
    ? ` Bundled ${bundled.inputs.length} files (${(bundled.bytes / 1024).toFixed(1)} KB) into ${path.relative(unbundled.folder, bundled.bundle)}.`
    : '';
  const present = plugins.some((p) => resolvedEntry(p, file) === entry);
  // The new plugin beside the configured ones, as the daemon will load them: a refusal is reported before anything is written.
  const sources = plugins.map((p) => resolvedEntry(p, file));
  const report = await registerPlugins(new CapabilityRegistry(), present ? sources : [...sources, entry], process.cwd());
  const broken = report.broken.find((b) => b.source === entry);
  if (broken) throw broken.error;
  const loaded = report.loaded.find((l) => l.plugin.source === entry)!;
  if (present) {
    out(
      `${loaded.plugin.name}@${loaded.plugin.version} is already in "plugins" of ${file}; checked again.${bundleNote} Restart the daemon to load it.`,
    );
    return;
  }
  await writeConfigObject(file, { ...config, plugins: [...plugins, entry] });
  out(
    `Added ${loaded.plugin.name}@${loaded.plugin.version} to ${file}: ${loaded.registered.map((r) => r.meta.id).join(', ')}.${bundleNote} Restart the daemon to load it.`,
  );
}

async function list(argv: ListArgs): Promise<void> {
  const file = configFileOf(argv.config);
  const plugins = pluginsOf(await readConfigObject(file), file);
  const { CapabilityRegistry, registerPlugins } = await loader();
  const report = await registerPlugins(
    new CapabilityRegistry(),
    plugins.map((p) => resolvedEntry(p, file)),
    process.cwd(),
  );
  const rows = report.loaded.flatMap(({ plugin }) =>
    plugin.capabilities.map(({ meta }) => ({
      id: meta.id,
      version: meta.version,
      plugin: `${plugin.name}@${plugin.version}`,
      source: plugin.source,
      permissions: plugin.permissions,
      writes: meta.writes,
    })),
  );
  const broken = report.broken.map(({ source, error }) => ({ source, code: error.code, message: error.message }));
  if (argv.json) {
    out(JSON.stringify({ config: file, capabilities: rows, broken }, null, 2));
  } else {
    for (const row of rows) {
      const perms = `read ${row.permissions.read.join(',')}${row.permissions.writes ? ', writes' : ''}${row.permissions.tools.length ? `, tools ${row.permissions.tools.join(',')}` : ''}`;
      out(`${row.id}  ${row.version}  ${row.plugin}  [${perms}]  ${row.source}`);
    }
    for (const b of broken) out(`BROKEN  ${b.source}  ${b.code}: ${b.message}`);
    out(
      `${rows.length} plugin capabilities from ${report.loaded.length} plugins in ${file}${broken.length ? `; ${broken.length} broken` : ''}.`,
    );
  }
  if (broken.length > 0) process.exitCode = 1;
}

async function remove(argv: EntryArgs): Promise<void> {
  const file = configFileOf(argv.config);
  const config = await readConfigObject(file);
  const plugins = pluginsOf(config, file);
  const wanted = isPathLike(argv.source) ? path.resolve(argv.source) : argv.source;
  const { readPlugin } = await loader();
  const names = await Promise.all(
    plugins.map((p) =>
      readPlugin(resolvedEntry(p, file), process.cwd()).then(
        (l) => l.name,
        () => null,
      ),
    ),
  );
  const kept = plugins.filter((p, i) => resolvedEntry(p, file) !== wanted && p !== argv.source && names[i] !== argv.source);
  if (kept.length === plugins.length) throw new Error(`no plugin "${argv.source}" in "plugins" of ${file}`);
  await writeConfigObject(file, { ...config, plugins: kept });
  out(
    `Removed ${plugins.length - kept.length} entr${plugins.length - kept.length === 1 ? 'y' : 'ies'} from ${file}. Restart the daemon to unload it.`,
  );
}

/** Checks the manifest, then runs the plugin's own tests (node --test in its folder): the author's code, on the author's request. */
async function test(argv: TestArgs): Promise<void> {
  const { readPlugin } = await loader();
  const plugin = await readPlugin(path.resolve(argv.path), process.cwd());
  out(`${plugin.name}@${plugin.version}: manifest valid (${plugin.capabilities.map((c) => c.meta.id).join(', ')}); running its tests`);
  const code = await new Promise<number>((resolve, reject) => {
    const child = spawn(process.execPath, ['--test', 'test/'], { cwd: plugin.folder, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (exit) => resolve(exit ?? 1));
  });
  if (code !== 0) process.exitCode = code;
}

function guarded<T>(action: (argv: T) => Promise<void>): (argv: T) => Promise<void> {
  return async (argv) => {
    try {
      await action(argv);
    } catch (error) {
      process.stderr.write(`agentd plugin: ${((error as Error)?.message ?? String(error)).split('\n')[0]}\n`);
      process.exitCode = 2;
    }
  };
}

const configOption = { type: 'string', describe: 'The configuration file to edit [default: ~/.agentd/config.json]' } as const;

export const pluginCommand: CommandModule = {
  command: 'plugin <command>',
  describe: 'Third-party capability plugins: init, add, list, remove, test (docs/plugins.md)',
  builder: (yargs: Argv) =>
    yargs
      .command<InitArgs>({
        command: 'init <name>',
        describe: 'Scaffold a plugin project that passes its own tests',
        builder: (y) =>
          y
            .positional('name', { type: 'string', demandOption: true })
            .option('dir', { type: 'string', default: '.', describe: 'Where to create it' }) as unknown as Argv<InitArgs>,
        handler: guarded(init),
      })
      .command<EntryArgs>({
        command: 'add <source>',
        describe: 'Validate a plugin (folder or installed package) and add it to "plugins"',
        builder: (y) =>
          y.positional('source', { type: 'string', demandOption: true }).option('config', configOption) as unknown as Argv<EntryArgs>,
        handler: guarded(add),
      })
      .command<ListArgs>({
        command: 'list',
        describe: 'The configured plugins: id, version, permissions, source',
        builder: (y) => y.option('config', configOption).option('json', { type: 'boolean', default: false }) as unknown as Argv<ListArgs>,
        handler: guarded(list),
      })
      .command<EntryArgs>({
        command: 'remove <source>',
        describe: 'Remove a plugin (by path, entry or package name) from "plugins"',
        builder: (y) =>
          y.positional('source', { type: 'string', demandOption: true }).option('config', configOption) as unknown as Argv<EntryArgs>,
        handler: guarded(remove),
      })
      .command<TestArgs>({
        command: 'test <path>',
        describe: "Check a plugin's manifest and run its tests (node --test test/)",
        builder: (y) => y.positional('path', { type: 'string', demandOption: true }) as unknown as Argv<TestArgs>,
        handler: guarded(test),
      })
      .demandCommand(1, 'Name a plugin command: init, add, list, remove or test.'),
  handler: () => undefined,
};
