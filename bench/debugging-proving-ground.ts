/**
 * Injected mistakes on clean sample projects, each in a fresh temp copy: a typo'd call of a project
 * function, a dropped named import, a dropped `await`, a dropped null guard (a non-null assertion or an
 * optional chain: null access, where a refusal is the right answer), a named import taken from the wrong
 * module of the project. For each: did debugging.typecheck locate it
 * (a diagnostic on the mutated line), explain it with the expected category, and did debugging.fix
 * (given that diagnostic as tsc output) restore the original code — "fixed and verified" — or refuse
 * with a reason, or offer a different change ("wrong fix", goal 0). Projects: fixtures/debugging-samples/
 * shop-api as it is, and type-errors with its five planted errors corrected (a clean base).
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { createLocalContext } from '../core/context/index.js';
import { run as typecheck } from '../capabilities/debugging/typecheck.js';
import { run as fix } from '../capabilities/debugging/fix.js';
import { bestMatch } from '../capabilities/debugging/explain/match-error.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SAMPLES = path.resolve(here, '../../fixtures/debugging-samples');

type Kind = 'typo' | 'dropped-import' | 'dropped-await' | 'null-access' | 'wrong-import';
const EXPECTED_CATEGORY: Record<Kind, string[]> = {
  typo: ['undefined-name', 'missing-property'],
  'dropped-import': ['undefined-name'],
  'dropped-await': ['missing-property', 'missing-await'],
  'null-access': ['null-access'],
  'wrong-import': ['wrong-import'],
};

interface Mutation {
  kind: Kind;
  file: string;
  line: number;
  before: string;
  after: string;
  what: string;
}

/** type-errors with its planted errors corrected: the clean base the mistakes are injected into. */
const CLEAN_TYPE_ERRORS: Record<string, [string, string][]> = {
  'src/cart.ts': [["import { formatCount } from './format.js';", "import { formatCount, formatPrice } from './format.js';"]],
  'src/stats.ts': [['values.lenght', 'values.length']],
  'src/users.ts': [['const user = fetchUser(id);', 'const user = await fetchUser(id);']],
  'src/lookup.ts': [['return found.name;', "return found?.name ?? '';"]],
  'test/cart.check.ts': [
    ['const total: string', 'const total: number'],
    ["'300'", '300'],
  ],
};

async function prepare(name: string): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), `agentd-proving-${name}-`));
  await cp(path.join(SAMPLES, name), root, { recursive: true });
  if (name === 'type-errors') {
    for (const [file, edits] of Object.entries(CLEAN_TYPE_ERRORS)) {
      let text = await readFile(path.join(root, file), 'utf8');
      for (const [a, b] of edits) text = text.replace(a, b);
      await writeFile(path.join(root, file), text);
    }
  }
  return root;
}

const swap = (name: string): string => (name.length < 4 ? `${name}x` : name.slice(0, 2) + name[3] + name[2] + name.slice(4));

function mutations(file: string, text: string, exported: Set<string>, modules: string[]): Mutation[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: Mutation[] = [];
  const lines = text.split('\n');
  const lineOf = (node: ts.Node): number => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && exported.has(node.expression.text)) {
      const l = lineOf(node.expression);
      const name = node.expression.text;
      const typo = swap(name);
      if (typo !== name)
        out.push({
          kind: 'typo',
          file,
          line: l,
          before: lines[l - 1]!,
          after: lines[l - 1]!.replace(new RegExp(`\\b${name}\\(`), `${typo}(`),
          what: `${name} -> ${typo}`,
        });
    }
    if (
      ts.isImportDeclaration(node) &&
      node.importClause?.namedBindings &&
      ts.isNamedImports(node.importClause.namedBindings) &&
      !node.importClause.isTypeOnly
    ) {
      const specs = node.importClause.namedBindings.elements.filter((e) => !e.isTypeOnly);
      for (const spec of specs) {
        const l = lineOf(node);
        const rest = node.importClause.namedBindings.elements.filter((e) => e !== spec).map((e) => e.getText(sf));
        const module = node.moduleSpecifier.getText(sf);
        const after = rest.length === 0 ? '' : `import { ${rest.join(', ')} } from ${module};`;
        out.push({ kind: 'dropped-import', file, line: l, before: lines[l - 1]!, after, what: `import of ${spec.name.text} dropped` });
      }
    }
    // A wrong module: the named import taken from the first other module of the project's same folder.
    if (
      ts.isImportDeclaration(node) &&
      node.importClause?.namedBindings &&
      ts.isNamedImports(node.importClause.namedBindings) &&
      !node.importClause.isTypeOnly &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      node.moduleSpecifier.text.startsWith('.')
    ) {
      const spec = node.moduleSpecifier.text;
      const dir = path.posix.dirname(spec);
      const other = modules
        .map((m) => path.posix.relative(path.posix.dirname(file), m).replace(/\.ts$/, '.js'))
        .map((m) => (m.startsWith('.') ? m : `./${m}`))
        .find(
          (m) =>
            path.posix.dirname(m) === dir && m !== spec && path.posix.basename(m) !== path.posix.basename(file).replace(/\.ts$/, '.js'),
        );
      if (other) {
        const l = lineOf(node);
        out.push({
          kind: 'wrong-import',
          file,
          line: l,
          before: lines[l - 1]!,
          after: lines[l - 1]!.replace(`'${spec}'`, `'${other}'`),
          what: `${spec} -> ${other}`,
        });
      }
    }
    // A dropped guard: a non-null assertion or an optional chain on a possibly-undefined value.
    if (ts.isNonNullExpression(node) || (ts.isPropertyAccessExpression(node) && node.questionDotToken)) {
      const l = lineOf(node);
      const from = node.getText(sf);
      const to = ts.isNonNullExpression(node) ? node.expression.getText(sf) : from.replace('?.', '.');
      out.push({
        kind: 'null-access',
        file,
        line: l,
        before: lines[l - 1]!,
        after: lines[l - 1]!.replace(from, to),
        what: `${from} -> ${to}`,
      });
    }
    if (ts.isAwaitExpression(node)) {
      const l = lineOf(node);
      out.push({
        kind: 'dropped-await',
        file,
        line: l,
        before: lines[l - 1]!,
        after: lines[l - 1]!.replace('await ', ''),
        what: `await dropped before ${node.expression.getText(sf).slice(0, 40)}`,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Import lines compared as sets of names per module (a fix may order or lay out an import differently). */
function sameCode(a: string, b: string): boolean {
  const norm = (t: string): string =>
    t
      .split('\n')
      .map((l) => {
        const m = /^import \{([^}]*)\} from (.+);$/.exec(l.trim());
        return m
          ? `import{${m[1]!
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
              .sort()
              .join(',')}}${m[2]}`
          : l.trim();
      })
      .filter(Boolean)
      .sort()
      .join('\n');
  return norm(a) === norm(b);
}

export async function run(): Promise<void> {
  const tally = { total: 0, located: 0, explained: 0, fixed: 0, refused: 0, wrong: 0, notLocated: 0 };
  const rows: string[] = [];
  for (const sample of ['shop-api', 'type-errors']) {
    const base = await prepare(sample);
    const { ctx: baseCtx } = await createLocalContext({ root: base, limits: { maxToolCalls: 100_000 } });
    const clean = (await typecheck({}, baseCtx)).data as { errors: number };
    if (clean.errors !== 0) throw new Error(`${sample}: the clean base has ${clean.errors} type errors`);
    const files = await baseCtx.workspace.list({ extensions: ['.ts'], exclude: ['lib/**', '**/*.d.ts'] });
    const texts = new Map(await Promise.all(files.map(async (f) => [f, await readFile(path.join(base, f), 'utf8')] as const)));
    const exported = new Set([...texts.values()].flatMap((t) => [...t.matchAll(/export (?:async )?function (\w+)/g)].map((m) => m[1]!)));
    const modules = [...texts.keys()].sort();
    const all = [...texts].flatMap(([f, t]) => mutations(f, t, exported, modules));
    for (const m of all) {
      tally.total++;
      const root = await mkdtemp(path.join(tmpdir(), 'agentd-proving-case-'));
      try {
        await cp(base, root, { recursive: true });
        const original = texts.get(m.file)!;
        const lines = original.split('\n');
        lines[m.line - 1] = m.after;
        await writeFile(path.join(root, m.file), lines.join('\n'));
        const { ctx } = await createLocalContext({ root, limits: { maxToolCalls: 100_000 } });
        const check = (await typecheck({}, ctx)).data as {
          diagnostics: { file: string; line: number; column: number; code: number; message: string }[];
        };
        const hit =
          check.diagnostics.find((d) => d.file === m.file && d.line === m.line) ?? check.diagnostics.find((d) => d.file === m.file);
        const located = hit?.line === m.line || (m.kind === 'dropped-import' && hit !== undefined);
        let verdict: string;
        if (!hit) {
          tally.notLocated++;
          verdict = 'not located';
        } else {
          if (located) tally.located++;
          const category = bestMatch(`error TS${hit.code}: ${hit.message}`)?.entry.category ?? 'none';
          if (EXPECTED_CATEGORY[m.kind].includes(category)) tally.explained++;
          const { ctx: fixCtx } = await createLocalContext({ root, limits: { maxToolCalls: 100_000 } });
          const error = `${hit.file}(${hit.line},${hit.column}): error TS${hit.code}: ${hit.message.split('\n')[0]}`;
          const outcome = await fix({ error }, fixCtx).then(
            () => null,
            (e: { code?: string; message: string }) => e,
          );
          if (outcome) {
            tally.refused++;
            verdict = `refused: ${outcome.message.replace(/^debugging\.fix staged nothing: /, '').slice(0, 140)}`;
          } else {
            const changed = fixCtx.workspace.changes().find((c) => c.path === m.file)?.after ?? '';
            if (sameCode(changed, original)) {
              tally.fixed++;
              verdict = 'fixed and verified (original code restored)';
            } else {
              tally.wrong++;
              verdict = 'WRONG FIX (differs from the original code)';
            }
          }
          verdict = `${located ? 'located' : 'located elsewhere'} TS${hit.code} [${category}]; ${verdict}`;
        }
        rows.push(`  ${sample}/${m.file}:${m.line} ${m.kind} (${m.what}): ${verdict}`);
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    }
    await rm(base, { recursive: true, force: true });
  }
  console.log(`debugging proving ground (injected mistakes): ${tally.total} cases`);
  for (const r of rows) console.log(r);
  console.log(
    `  located at the mutated line: ${tally.located}/${tally.total}; explained with the expected category: ${tally.explained}/${tally.total}; fixed and verified: ${tally.fixed}; refused with a reason: ${tally.refused}; wrong fixes offered: ${tally.wrong} (goal 0); not located: ${tally.notLocated}`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
