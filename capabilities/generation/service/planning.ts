/** Planning data of the API generators (generation.service, generation.api-route, generation.crud-resource). */
import type { CapabilityPlanning, FieldSource } from '../../../core/index.js';

const FRAMEWORK: FieldSource = {
  field: 'framework',
  from: 'framework',
  vocabulary: [
    { value: 'express', phrases: ['express', 'expressjs'] },
    { value: 'fastify', phrases: ['fastify'] },
    // "Next.js" is read from the text: the word "next" alone says nothing ("the next endpoint").
    { value: 'next', phrases: ['nextjs', 'next.js'], patterns: ['\\bnext\\.?js\\b', '\\bnext app router\\b', '\\bapp[- ]router\\b'] },
  ],
};
/** "for a todo list", "for a recipe app": the thing the list/app is of. Runs after `resource`, so it wins when it matches. */
const LIST_OF: FieldSource = {
  field: 'resource',
  from: 'pattern',
  patterns: ['\\bfor an? ([a-z]+) (?:list|app|application|tracker|manager|store)\\b'],
};

export const SERVICE_PLANNING: CapabilityPlanning = {
  intents: [{ id: 'gen-service', label: 'generate a service module', keywords: 'service=3,repository=3,data access=3' }],
  strategy: 'generate',
  generates: { kind: 'service', api: true, workflow: true },
  fields: [
    { field: 'resource', from: 'resource', fallback: 'items' },
    LIST_OF,
    { field: 'name', from: 'name' },
    { field: 'fields', from: 'fields' },
  ],
};

const API_KEYWORDS = 'endpoint=3,endpoints=3,route=2.5,routes=2.5,rest api=3.5,rest=2,api=1.5,handler=2,controller=2.5';
/**
 * "build a REST API for a todo list with PostgreSQL": a whole API over a database is a CRUD resource
 * (table, service, routes and its integration tests); "add an endpoint/route …" stays api-route.
 */
const API_OVER_DATABASE = {
  any: ['postgresql', 'postgres', 'database', 'sqlite', 'mysql', 'crud'],
  none: ['endpoint', 'endpoints', 'route', 'routes', 'handler', 'controller'],
};

export const API_ROUTE_PLANNING: CapabilityPlanning = {
  intents: [{ id: 'gen-api-route', label: 'generate REST route handlers', keywords: API_KEYWORDS, rank: 1 }],
  strategy: 'generate',
  generates: { kind: 'api-route', api: true, workflow: true },
  fields: [
    { field: 'resource', from: 'resource', fallback: 'items' },
    LIST_OF,
    { field: 'methods', from: 'methods' },
    { field: 'fields', from: 'fields' },
    FRAMEWORK,
  ],
  summary: 'Generate the {name} REST route handlers',
};

export const CRUD_PLANNING: CapabilityPlanning = {
  intents: [
    { id: 'gen-crud', label: 'generate a CRUD resource', keywords: 'crud=5,resource=2' },
    // "a CRUD REST API for products": one resource, not a CRUD step and an API step for the same thing.
    {
      id: 'gen-api-route',
      label: 'generate REST route handlers',
      keywords: API_KEYWORDS,
      when: API_OVER_DATABASE,
      yieldsTo: [{ intent: 'gen-crud' }],
    },
  ],
  strategy: 'generate',
  generates: { kind: 'crud-resource', api: true, workflow: true, tested: true },
  fields: [{ field: 'resource', from: 'resource', fallback: 'items' }, LIST_OF, { field: 'fields', from: 'fields' }, FRAMEWORK],
  summary: 'Generate the {name} CRUD resource (table, service, routes, integration tests)',
};
