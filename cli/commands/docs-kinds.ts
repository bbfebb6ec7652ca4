/** The kinds of `agentd docs`: each a documentation capability (and its input) run once on a folder. */
export interface DocsKind {
  capability: string;
  input: Record<string, unknown>;
  /** Capabilities it runs through ctx.invoke (meta.execution.composes), registered beside it. */
  composes: string[];
  describe: string;
}

export const DOCS_KINDS: Record<string, DocsKind> = {
  api: { capability: 'documentation.api', input: {}, composes: [], describe: 'Markdown API reference of the public exports (docs/api.md)' },
  openapi: {
    capability: 'documentation.api',
    input: { format: 'openapi' },
    composes: [],
    describe: 'OpenAPI 3.1 JSON of the REST routes the code declares (openapi.json)',
  },
  readme: {
    capability: 'documentation.readme',
    input: {},
    composes: [],
    describe: 'README sections from package.json and the code (README.md)',
  },
  architecture: {
    capability: 'documentation.architecture',
    input: {},
    composes: ['analysis.dependencies', 'analysis.structure'],
    describe: 'Mermaid diagram of the module graph (docs/architecture.md)',
  },
  contributing: {
    capability: 'documentation.contributing',
    input: {},
    composes: [],
    describe: 'CONTRIBUTING from the real tooling (CONTRIBUTING.md)',
  },
  examples: {
    capability: 'documentation.examples',
    input: {},
    composes: [],
    describe: 'usage examples from real calls and tests (docs/examples.md)',
  },
};
