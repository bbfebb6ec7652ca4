/** The project's HTTP routes from its syntax trees (Express, Fastify, route objects) and the OpenAPI 3.1 document they make: testing.integration, documentation.api and generation.client. */
export {
  scanRoutes,
  type AppModule,
  type HttpFramework,
  type HttpMethod,
  type RouteFact,
  type RouteObjectFact,
  type RouteScan,
  type RouteSchema,
} from './find-routes.js';
export type { BodySpec } from './bodies.js';
export { openApiFromRoutes, type OpenApiFromRoutes } from './openapi.js';
export { findProjectRoutes, type ProjectRoutes } from './project-routes.js';
