/**
 * The peer for documentation.api: TypeDoc (pinned devDependency) run through its API on the same entry
 * modules, its JSON model reduced to the same shape as ours — `<entry module>:<qualified name>:<kind>`
 * for every top-level export and namespace member. TypeDoc's re-export "references" (a symbol
 * exported by a second entry point) take the kind of the reflection they point to.
 */
import path from 'node:path';
import { Application, ReflectionKind, type JSONOutput } from 'typedoc';

const KIND: Partial<Record<ReflectionKind, string>> = {
  [ReflectionKind.Function]: 'function',
  [ReflectionKind.Class]: 'class',
  [ReflectionKind.Interface]: 'interface',
  [ReflectionKind.TypeAlias]: 'type',
  [ReflectionKind.Enum]: 'enum',
  [ReflectionKind.Variable]: 'variable',
  [ReflectionKind.Namespace]: 'namespace',
};

export interface PeerRun {
  symbols: Set<string>;
  ms: number;
}

/** `entries`: [entry label, workspace-relative module]; the label prefixes every symbol of that module. */
export async function typedocSymbols(root: string, entries: [string, string][], tsconfig = 'tsconfig.json'): Promise<PeerRun> {
  const started = performance.now();
  const app = await Application.bootstrap({
    entryPoints: entries.map(([, file]) => path.join(root, file)),
    entryPointStrategy: 'resolve',
    tsconfig: path.join(root, tsconfig),
    skipErrorChecking: true,
    excludePrivate: true,
    excludeProtected: true,
    logLevel: 'Error',
    readme: 'none',
    sort: ['source-order'],
  });
  const project = await app.convert();
  if (!project) throw new Error('TypeDoc did not convert the project');
  const json = app.serializer.projectToObject(project, root as Parameters<typeof app.serializer.projectToObject>[1]);
  const ms = performance.now() - started;
  const byId = new Map<number, JSONOutput.SomeReflection>();
  const index = (r: JSONOutput.SomeReflection): void => {
    byId.set(r.id, r);
    for (const child of 'children' in r ? (r.children ?? []) : []) index(child as JSONOutput.SomeReflection);
  };
  for (const child of json.children ?? []) index(child as JSONOutput.SomeReflection);
  const kindOf = (r: JSONOutput.SomeReflection): string | undefined => {
    if (r.kind === ReflectionKind.Reference) {
      const target = byId.get((r as JSONOutput.ReferenceReflection).target);
      // `export * as ns` of another entry point: a reference to that module, a namespace for us.
      if (target?.kind === ReflectionKind.Module) return 'namespace';
      return target ? kindOf(target) : undefined;
    }
    return KIND[r.kind as ReflectionKind];
  };
  const symbols = new Set<string>();
  const walk = (label: string, prefix: string, children: JSONOutput.SomeReflection[]): void => {
    for (const child of children) {
      const kind = kindOf(child);
      if (!kind) continue;
      symbols.add(`${label}:${prefix}${child.name}:${kind}`);
      if (child.kind === ReflectionKind.Namespace)
        walk(label, `${prefix}${child.name}.`, ('children' in child ? (child.children ?? []) : []) as JSONOutput.SomeReflection[]);
      else if (child.kind === ReflectionKind.Reference) {
        const target = byId.get((child as JSONOutput.ReferenceReflection).target);
        if (target?.kind === ReflectionKind.Namespace || target?.kind === ReflectionKind.Module)
          walk(label, `${prefix}${child.name}.`, ('children' in target ? (target.children ?? []) : []) as JSONOutput.SomeReflection[]);
      }
    }
  };
  const top = (json.children ?? []) as JSONOutput.SomeReflection[];
  if (entries.length === 1) walk(entries[0]![0], '', top);
  else
    for (const [label, file] of entries) {
      const moduleName = file
        .replace(/^src\//, '')
        .replace(/\.[^.]+$/, '')
        .replace(/\.d$/, '');
      const mod = top.find(
        (m) => m.kind === ReflectionKind.Module && (m.name === moduleName || m.name === path.posix.basename(moduleName)),
      );
      if (!mod) throw new Error(`TypeDoc has no module for ${file}: ${top.map((m) => m.name).join(', ')}`);
      walk(label, '', ('children' in mod ? (mod.children ?? []) : []) as JSONOutput.SomeReflection[]);
    }
  return { symbols, ms };
}

export interface Agreement {
  matched: number;
  missed: string[];
  extra: string[];
}

/** `ours` against TypeDoc's: matched, missed (TypeDoc lists, we do not), extra (we list, TypeDoc does not). */
export function compareSymbols(ours: Set<string>, peer: Set<string>): Agreement {
  return {
    matched: [...ours].filter((s) => peer.has(s)).length,
    missed: [...peer].filter((s) => !ours.has(s)).sort(),
    extra: [...ours].filter((s) => !peer.has(s)).sort(),
  };
}
