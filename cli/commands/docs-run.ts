/**
 * `agentd docs`: one documentation capability run in this process (core/executor's InProcessRunner,
 * the same context a job step gets, no daemon, no Redis), on a folder. The capability stages its
 * document; this prints it, or writes it (`--out`, `--write`) atomically. Nothing else is written.
 */
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_LIMITS, type StagedEntry } from '../../core/contracts/index.js';
import { InProcessRunner } from '../../core/executor/in-process-runner.js';
import { closestMatch } from '../../core/fuzzy/index.js';
import { CapabilityRegistry } from '../../core/registry/capability-registry.js';
import { defaultRoots } from '../../core/registry/default-roots.js';
import { discoverModules } from '../../core/registry/load-registry.js';
import { DOCS_KINDS, type DocsKind } from './docs-kinds.js';
import { writeAtomically } from './scan-output.js';

/** How the documentation capabilities' summaries open: what they did to which file. */
const VERB = /^(?:Wrote|Created|Updated|Unchanged) /;
const VERB_AND_PATH = /^(?:Wrote|Created|Updated|Unchanged) [^\s:]+/;

export interface DocsArgs {
  kind: string;
  path: string;
  out?: string;
  write?: boolean;
  include?: string[];
  exclude?: string[];
  projectCode: boolean;
}

function kindOf(name: string): DocsKind {
  const kind = DOCS_KINDS[name];
  if (kind) return kind;
  const near = closestMatch(name, Object.keys(DOCS_KINDS));
  throw new Error(`unknown kind "${name}"${near ? ` (did you mean "${near}"?)` : ''}; one of: ${Object.keys(DOCS_KINDS).join(', ')}`);
}

/** Only the capability and what it composes are registered (registering compiles each input schema). */
async function registryFor(kind: DocsKind): Promise<CapabilityRegistry> {
  const wanted = new Set([kind.capability, ...kind.composes]);
  const registry = new CapabilityRegistry();
  for (const root of defaultRoots())
    for (const found of await discoverModules(path.resolve(root)))
      if (wanted.has(`${found.group}.${path.basename(found.modulePath).replace(/\.[cm]?js$/, '')}`))
        await registry.registerModule(found.modulePath, found.group);
  if (!registry.get(kind.capability)) throw new Error(`${kind.capability} is not installed in this agentd`);
  return registry;
}

export async function docs(argv: DocsArgs): Promise<number> {
  const kind = kindOf(argv.kind);
  const root = path.resolve(argv.path);
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new Error(`${argv.path} is not a folder`);
  const outFile = argv.out ? path.resolve(argv.out) : null;
  const relative = outFile ? path.relative(root, outFile) : null;
  const inside = relative !== null && relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
  const input: Record<string, unknown> = {
    ...kind.input,
    ...(inside ? { out: relative.split(path.sep).join('/') } : {}),
    ...(argv.include?.length ? { include: argv.include } : {}),
    ...(argv.exclude?.length ? { exclude: argv.exclude } : {}),
  };
  const registry = await registryFor(kind);
  const validation = registry.validateInput(kind.capability, input);
  if (!validation.valid)
    throw new Error(`${argv.kind}: ${validation.errors.map((e) => `${e.path || 'input'} ${e.message}`.trim()).join('; ')}`);
  const registered = registry.get(kind.capability)!;
  const invoke = registry.invokeScope(kind.capability);
  const reply = await new InProcessRunner().run({
    jobId: 'docs',
    stepIndex: 0,
    capabilityId: kind.capability,
    modulePath: registered.modulePath,
    input,
    root,
    staged: [],
    previous: [],
    maxToolCalls: 10_000,
    toolCallsUsed: 0,
    maxMemoryMB: DEFAULT_LIMITS.maxMemoryMB,
    permissions: { projectCode: argv.projectCode },
    ...(invoke ? { invoke } : {}),
  });
  if (!reply.ok) throw new Error(`${kind.capability} (${reply.error.code}): ${reply.error.message}`);
  const { result } = reply;
  const staged = reply.staged.filter((e): e is StagedEntry & { content: string } => e.content !== null);
  const data = (result.data ?? {}) as { out?: unknown };
  const out = typeof data.out === 'string' ? data.out : staged[0]?.path;
  if (argv.write || inside) {
    for (const entry of staged) await writeAtomically(path.join(root, entry.path), entry.content);
    process.stderr.write(`${result.summary}${staged.length === 0 ? '' : ` Written: ${staged.map((e) => e.path).join(', ')}.`}\n`);
    return 0;
  }
  // The document as it would be: what was staged, else (unchanged) the file as it is.
  const pages: { path: string; content: string }[] =
    staged.length > 0
      ? staged
      : out && existsSync(path.join(root, out))
        ? [{ path: out, content: await readFile(path.join(root, out), 'utf8') }]
        : [];
  if (outFile) {
    if (pages.length > 1)
      throw new Error(
        `the document is ${pages.length} files (${pages.map((p) => p.path).join(', ')}); give --out inside the project, or --write`,
      );
    if (pages.length === 0) {
      process.stderr.write(`${result.summary}\n`);
      return 0;
    }
    await writeAtomically(outFile, pages[0]!.content);
    // The capability says where it would have put it in the project; the file went to --out instead.
    process.stderr.write(`${result.summary.replace(VERB_AND_PATH, `Wrote ${outFile}`)}\n`);
    return 0;
  }
  for (const page of pages) {
    if (pages.length > 1) process.stdout.write(`==> ${page.path} <==\n`);
    process.stdout.write(page.content.endsWith('\n') ? page.content : `${page.content}\n`);
  }
  process.stderr.write(`${result.summary.replace(VERB, 'Not written (no --out or --write): ')}\n`);
  return 0;
}
