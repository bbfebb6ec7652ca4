/**
 * generation.client: a typed, dependency-free fetch client from an OpenAPI 3.0/3.1 document (a JSON
 * file of the workspace or given inline): one method per operation with typed parameters, body and
 * response, and an error class carrying the `{"error":{code,message}}` envelope.
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { AgentdError, findProjectRoutes, openApiFromRoutes } from '../../core/index.js';
import {
  assertIdentifier,
  collidingExport,
  describeStaged,
  kebabCase,
  onExistingSchema,
  pascalCase,
  renderTemplate,
  stageFiles,
  type OnExisting,
} from './kit/index.js';
import { clientModel } from './client/operations.js';
import { printDeclaration } from './types/print.js';
import { defaultPath } from './types.js';
import { PLANNING } from './client/planning.js';

export const meta: CapabilityMeta = {
  id: 'generation.client',
  group: 'generation',
  title: 'HTTP client',
  description:
    'A typed, dependency-free fetch client from an OpenAPI 3.0/3.1 document: one method per operation, typed parameters, bodies and responses, a typed error class.',
  version: '1.0.0',
  writes: true,
  planning: PLANNING,
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      spec: { type: 'string', description: 'Workspace path of the OpenAPI document (JSON), e.g. "openapi.json".' },
      document: { type: 'object', description: 'The OpenAPI 3.0/3.1 document itself (instead of spec).' },
      fromRoutes: {
        type: 'boolean',
        description:
          "Generate from the project's own REST routes (Express and Fastify route calls, route objects) found in the workspace instead of a spec file.",
      },
      name: { type: 'string', description: 'The client class name (PascalCase); default from info.title + "Client".' },
      out: { type: 'string', description: 'Workspace path of the client module; default src/api/<name>.ts (api/<name>.ts without src/).' },
      onExisting: onExistingSchema,
      framework: { type: 'string', description: 'Ignored (the planner passes the detected framework to every generator).' },
      library: { type: 'string', description: 'Ignored: the client uses fetch.' },
      fields: { type: 'array', description: 'Ignored.' },
      include: { type: 'array', items: { type: 'string' }, description: 'Ignored.' },
      exclude: { type: 'array', items: { type: 'string' }, description: 'Ignored.' },
    },
  },
};

export interface ClientInput {
  spec?: string;
  document?: Record<string, unknown>;
  fromRoutes?: boolean;
  name?: string;
  out?: string;
  onExisting?: OnExisting;
}

/** The OpenAPI document and where it came from (for the summary): the given spec, the one found, or the input. */
async function readDocument(ctx: CapabilityContext, input: ClientInput): Promise<{ document: Record<string, unknown>; source: string }> {
  if (input.fromRoutes) {
    if (input.spec || input.document) throw new AgentdError('invalid_input', 'fromRoutes: give spec, document or fromRoutes, not several');
    return documentFromRoutes(ctx);
  }
  if (input.document) return { document: input.document, source: 'the given document' };
  let spec = input.spec;
  if (!spec) {
    const candidates = (await ctx.workspace.list({ extensions: ['.json'], exclude: ['node_modules/**', 'dist/**'] })).filter((p) =>
      /(?:^|\/)(?:openapi|swagger)[^/]*\.json$/i.test(p),
    );
    if (candidates.length !== 1)
      throw new AgentdError(
        'invalid_input',
        candidates.length === 0
          ? 'generation.client needs an OpenAPI document: spec (a workspace JSON file) or document'
          : `several OpenAPI documents (${candidates.join(', ')}); say which with spec`,
      );
    spec = candidates[0]!;
  }
  if (!(await ctx.workspace.exists(spec))) throw new AgentdError('invalid_input', `spec: ${spec} does not exist in the workspace`);
  try {
    const document = JSON.parse(await ctx.workspace.read(spec)) as Record<string, unknown>;
    return { document, source: input.spec ? spec : `${spec} (the project's only OpenAPI document)` };
  } catch (cause) {
    throw new AgentdError('invalid_input', `spec: ${spec} is not JSON (YAML documents are not read yet; convert it to JSON)`, { cause });
  }
}

/** The OpenAPI 3.1 document of the routes the workspace's code declares (core/http-routes), as documentation.api's format openapi writes it. */
async function documentFromRoutes(ctx: CapabilityContext): Promise<{ document: Record<string, unknown>; source: string }> {
  const { scan, modules } = await findProjectRoutes(ctx);
  const pkg = (await ctx.workspace.exists('package.json'))
    ? (JSON.parse(await ctx.workspace.read('package.json')) as { name?: unknown; version?: unknown })
    : {};
  const built = openApiFromRoutes(scan, {
    title: typeof pkg.name === 'string' ? pkg.name : (ctx.project.name ?? 'API'),
    version: typeof pkg.version === 'string' ? pkg.version : '0.0.0',
  });
  if (built.operations.length === 0)
    throw new AgentdError(
      'invalid_input',
      `fromRoutes: no HTTP route found in ${modules} JavaScript/TypeScript module(s) (Express and Fastify route calls reachable from an app, route objects with method, path and handler)`,
    );
  return { document: built.document, source: `the project's own routes (${built.operations.length} in ${modules} module(s))` };
}

export async function run(input: ClientInput, ctx: CapabilityContext): Promise<StepResult> {
  const { document, source } = await readDocument(ctx, input);
  const model = clientModel(document);
  const className = input.name ?? `${pascalCase(model.title.replace(/\b(?:api|client)\b/gi, '')) || 'Api'}Client`;
  assertIdentifier(className, { field: 'name', kind: 'client class', casing: 'pascal', isType: true });
  const errorClass = `${className.replace(/Client$/, '')}Error`;
  const out = input.out ?? (await defaultPath(ctx, 'api', `${kebabCase(className)}.ts`));
  for (const exported of [className, errorClass, ...model.declarations.map((d) => d.name)]) {
    const clash = await collidingExport(ctx, exported, [out]);
    if (clash)
      throw new AgentdError(
        'invalid_input',
        `name: the client would export ${exported}, which ${clash} already exports; choose another name or out`,
      );
  }
  const operations = model.operations.map((op) => {
    const optionalParams = op.paramsArg?.endsWith('= {}') ?? true;
    const args = optionalParams ? [op.bodyArg, op.paramsArg] : [op.paramsArg, op.bodyArg];
    const queryExpr =
      op.queryNames.length === 0
        ? '{}'
        : `{ ${op.queryNames.map((q) => `${JSON.stringify(q)}: params[${JSON.stringify(q)}]`).join(', ')} }`;
    return { ...op, signature: args.filter(Boolean).join(', '), queryExpr, bodyExpr: op.bodyArg ? 'body' : 'undefined' };
  });
  const rendered = await renderTemplate(ctx, 'client', 'client.eta', {
    title: model.title,
    className,
    errorClass,
    declarations: model.declarations.map(printDeclaration),
    operations,
  });
  const staged = await stageFiles(ctx, [{ path: out, content: rendered.text }], input.onExisting ?? 'refuse');
  return {
    summary: `generation.client: ${describeStaged(staged)} — ${className} in ${out} with ${operations.length} operation${operations.length === 1 ? '' : 's'} and ${model.declarations.length} type${model.declarations.length === 1 ? '' : 's'} from ${source}. Formatted with the project's style; not type-checked or called here.${rendered.note ? ` ${rendered.note}.` : ''}`,
    data: {
      out,
      className,
      errorClass,
      operations: operations.map((o) => ({ name: o.name, method: o.method, path: o.path.slice(1, -1), response: o.response })),
      types: model.declarations.map((d) => d.name),
      staged,
    },
  };
}
