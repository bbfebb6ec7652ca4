/**
 * Mounting generated routes where the project mounts its own: the app file (the module that calls
 * `express()` / `Fastify()`), after its last `app.use('/…', …)` / `app.register(…)` line, with the
 * service built from the database handle the app already receives (a `Pool` / sql.js `Database`
 * parameter or variable). Only when all three are found is the mount proposed as a staged change of
 * that file (a diff to review); otherwise the result says which line to add where.
 */
import type { CapabilityContext } from '../../../core/index.js';
import { importPath, type HttpFramework, type ProjectStack } from '../service/project-stack.js';
import type { ResourceModel } from '../service/resource-model.js';

export interface MountPlan {
  /** The app file and its new content, when the mount can be proposed safely. */
  change?: { path: string; content: string };
  /** The app file found, if any. */
  appFile: string | null;
  /** The statement mounting the routes (with a placeholder db handle when none was found). */
  statement: string;
  /** What was done or what the user should do, one sentence. */
  note: string;
}

const APP_CALL: Record<HttpFramework, RegExp> = { express: /\bexpress\(\s*\)/, fastify: /\b[Ff]astify\(/ };
const ANCHOR: Record<HttpFramework, RegExp> = { express: /^(\s*)(\w+)\.use\(\s*['"`]\//, fastify: /^(\s*)(\w+)\.register\(/ };
const PREFERRED = /(?:^|\/)(app|server|index|main)\.[cm]?[jt]s$/;

export async function planMount(
  ctx: CapabilityContext,
  model: ResourceModel,
  stack: ProjectStack,
  framework: HttpFramework,
  files: { routes: string; service: string },
  basePath: string,
): Promise<MountPlan> {
  const sources = stack.files.filter((f) => /\.[cm]?[jt]s$/.test(f) && !/\.(test|spec)\./.test(f) && !f.startsWith('test'));
  const { files: read } = await ctx.workspace.readMany(sources);
  const apps = read
    .filter((f) => APP_CALL[framework].test(f.content))
    .sort((a, b) => Number(PREFERRED.test(b.path)) - Number(PREFERRED.test(a.path)));
  const app = apps[0];
  const routesName = framework === 'express' ? `${model.camel}Router` : `${model.camel}Routes`;
  const service = `${model.pascal}Service`;
  const handleType = stack.driver === 'pg' ? /\b(\w+)\s*:\s*(?:pg\.)?(?:Pool|Queryable)\b/ : /\b(\w+)\s*:\s*Database\b/;
  const handle = app?.content.match(handleType)?.[1];
  const q = ctx.project.codeStyle.quotes === 'double' ? '"' : "'";
  const semi = ctx.project.codeStyle.semicolons ? ';' : '';
  const statementFor = (appName: string, db: string): string =>
    framework === 'express'
      ? `${appName}.use(${q}${basePath}${q}, ${routesName}(new ${service}(${db})))${semi}`
      : `${appName}.register(${routesName}, { prefix: ${q}${basePath}${q}, service: new ${service}(${db}) })${semi}`;
  if (!app) {
    return {
      appFile: null,
      statement: statementFor('app', 'db'),
      note: `No module calling ${framework === 'express' ? 'express()' : 'Fastify()'} was found: mount the routes where the app is built with ${statementFor('app', 'db')}`,
    };
  }
  if (app.content.includes(`${routesName}(`) || app.content.includes(`register(${routesName}`)) {
    return {
      appFile: app.path,
      statement: statementFor('app', handle ?? 'db'),
      note: `${app.path} already mounts ${routesName}; left unchanged.`,
    };
  }
  const lines = app.content.split('\n');
  let anchor = -1;
  for (let i = 0; i < lines.length; i++) if (ANCHOR[framework].test(lines[i]!)) anchor = i;
  if (anchor < 0 || !handle) {
    const why =
      anchor < 0
        ? `it mounts no routes yet (no ${framework === 'express' ? "app.use('/…', …)" : 'app.register(…)'} line to follow)`
        : `no ${stack.driver === 'pg' ? 'Pool' : 'Database'} handle is in scope there`;
    return {
      appFile: app.path,
      statement: statementFor('app', handle ?? 'db'),
      note: `Not mounted automatically because ${why}: add ${statementFor('app', handle ?? 'db')} to ${app.path}, importing ${routesName} and ${service}.`,
    };
  }
  const [, indent, appName] = lines[anchor]!.match(ANCHOR[framework])!;
  const statement = statementFor(appName!, handle);
  lines.splice(anchor + 1, 0, `${indent}${statement}`);
  const imports = [
    { name: routesName, from: importPath(app.path, files.routes, stack.importExtension) },
    { name: service, from: importPath(app.path, files.service, stack.importExtension) },
  ].filter((i) => !new RegExp(`\\b${i.name}\\b`).test(lines.filter((l) => /^\s*import\b/.test(l)).join('\n')));
  let lastImport = -1;
  for (let i = 0; i < anchor; i++) if (/^import\b/.test(lines[i]!)) lastImport = i;
  while (lastImport >= 0 && lastImport < anchor && !/(from\s+['"][^'"]+['"]|^import\s+['"][^'"]+['"])\s*;?\s*$/.test(lines[lastImport]!))
    lastImport++;
  lines.splice(lastImport + 1, 0, ...imports.map((i) => `import { ${i.name} } from ${q}${i.from}${q}${semi}`));
  return {
    appFile: app.path,
    statement,
    change: { path: app.path, content: lines.join('\n') },
    note: `Proposed mounting in ${app.path} (review the diff): ${statement}`,
  };
}
