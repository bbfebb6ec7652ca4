/**
 * Capabilities agentd plans to ship (CAPABILITIES.md) that are NOT BUILT YET, as data outside core/:
 * the planner recognises tasks for them and shows their steps unavailable ("not built yet", skipped,
 * never faked; the job ends `incomplete`). Each entry holds planning data only — intents, strategy,
 * roles in the build workflow — and no input schema: an unavailable step is never run, so its input
 * (drafted from the `fields` below: a name, a resource, a framework) only describes the step, names it in
 * its summary ("Generate the orders REST route handlers") and lets a follow-up refine it ("call it X").
 *
 * Whoever builds one of them deletes its entry here, declares `planning` in its own meta (with its
 * real input fields), and moves its cases from test/core/planner/corpus/pending.ts into its folder.
 * A registered capability always wins over an entry here. Loaded by core/registry/load-planned.ts.
 */
import type { CapabilityMeta } from '../core/index.js';

export const PLANNED: CapabilityMeta[] = [
  {
    "id": "generation.component",
    "group": "generation",
    "title": "UI component",
    "description": "Planned, not built yet: UI component.",
    "version": "0.0.0",
    "inputSchema": {},
    "writes": true,
    "planning": {
      "intents": [
        {
          "id": "gen-component",
          "label": "generate a component",
          "keywords": "component=2.5,page=2.5,screen=2.5,widget=2.5,ui=1.5,view=1.5,card=1.5,modal=2,dialog=2,navbar=2,sidebar=2,dashboard=2.5"
        }
      ],
      "strategy": "generate",
      "generates": {
        "kind": "component",
        "api": false,
        "workflow": true,
        "parts": true
      },
      "fields": [
        {
          "field": "name",
          "from": "new-name",
          "kind": "component",
          "fallback": "NewComponent"
        },
        {
          "field": "framework",
          "from": "framework",
          "vocabulary": [
            {
              "value": "react",
              "phrases": [
                "react"
              ]
            },
            {
              "value": "next",
              "phrases": [
                "next",
                "nextjs"
              ]
            },
            {
              "value": "vue",
              "phrases": [
                "vue"
              ]
            },
            {
              "value": "svelte",
              "phrases": [
                "svelte"
              ]
            },
            {
              "value": "express",
              "phrases": [
                "express"
              ]
            },
            {
              "value": "fastify",
              "phrases": [
                "fastify"
              ]
            },
            {
              "value": "nestjs",
              "phrases": [
                "nest",
                "nestjs"
              ]
            }
          ]
        }
      ]
    }
  },
  {
    "id": "generation.hook",
    "group": "generation",
    "title": "React hook",
    "description": "Planned, not built yet: React hook.",
    "version": "0.0.0",
    "inputSchema": {},
    "writes": true,
    "planning": {
      "intents": [
        {
          "id": "gen-hook",
          "label": "generate a React hook",
          "keywords": "hook=3,custom hook=4"
        }
      ],
      "strategy": "generate",
      "generates": {
        "kind": "hook",
        "api": false,
        "workflow": false
      },
      "fields": [
        {
          "field": "name",
          "from": "new-name",
          "kind": "hook",
          "fallback": "useNewHook"
        },
        {
          "field": "framework",
          "from": "framework",
          "vocabulary": [
            {
              "value": "react",
              "phrases": [
                "react"
              ]
            },
            {
              "value": "next",
              "phrases": [
                "next",
                "nextjs"
              ]
            },
            {
              "value": "vue",
              "phrases": [
                "vue"
              ]
            },
            {
              "value": "svelte",
              "phrases": [
                "svelte"
              ]
            },
            {
              "value": "express",
              "phrases": [
                "express"
              ]
            },
            {
              "value": "fastify",
              "phrases": [
                "fastify"
              ]
            },
            {
              "value": "nestjs",
              "phrases": [
                "nest",
                "nestjs"
              ]
            }
          ]
        }
      ]
    }
  },
  {
    "id": "generation.db-schema",
    "group": "generation",
    "title": "Database schema",
    "description": "Planned, not built yet: Database schema.",
    "version": "0.0.0",
    "inputSchema": {},
    "writes": true,
    "planning": {
      "intents": [
        {
          "id": "gen-schema",
          "label": "generate a database schema",
          "keywords": "database schema=4,db schema=4,schema=2.5,table=2,prisma=2,drizzle=2,mongoose=2,sql=1.5,model=2"
        }
      ],
      "strategy": "generate",
      "generates": {
        "kind": "db-schema",
        "api": true,
        "workflow": false
      },
      "fields": [
        {
          "field": "name",
          "from": "new-name",
          "kind": "other",
          "fallback": "generated"
        },
        {
          "field": "framework",
          "from": "framework",
          "vocabulary": [
            {
              "value": "react",
              "phrases": [
                "react"
              ]
            },
            {
              "value": "next",
              "phrases": [
                "next",
                "nextjs"
              ]
            },
            {
              "value": "vue",
              "phrases": [
                "vue"
              ]
            },
            {
              "value": "svelte",
              "phrases": [
                "svelte"
              ]
            },
            {
              "value": "express",
              "phrases": [
                "express"
              ]
            },
            {
              "value": "fastify",
              "phrases": [
                "fastify"
              ]
            },
            {
              "value": "nestjs",
              "phrases": [
                "nest",
                "nestjs"
              ]
            }
          ]
        }
      ]
    }
  },
  {
    "id": "generation.migration",
    "group": "generation",
    "title": "SQL migration",
    "description": "Planned, not built yet: SQL migration.",
    "version": "0.0.0",
    "inputSchema": {},
    "writes": true,
    "planning": {
      "intents": [
        {
          "id": "gen-migration",
          "label": "generate a migration",
          "keywords": "migration=4"
        }
      ],
      "strategy": "generate",
      "generates": {
        "kind": "migration",
        "api": true,
        "workflow": false
      },
      "fields": [
        {
          "field": "name",
          "from": "new-name",
          "kind": "other",
          "fallback": "generated"
        },
        {
          "field": "framework",
          "from": "framework",
          "vocabulary": [
            {
              "value": "react",
              "phrases": [
                "react"
              ]
            },
            {
              "value": "next",
              "phrases": [
                "next",
                "nextjs"
              ]
            },
            {
              "value": "vue",
              "phrases": [
                "vue"
              ]
            },
            {
              "value": "svelte",
              "phrases": [
                "svelte"
              ]
            },
            {
              "value": "express",
              "phrases": [
                "express"
              ]
            },
            {
              "value": "fastify",
              "phrases": [
                "fastify"
              ]
            },
            {
              "value": "nestjs",
              "phrases": [
                "nest",
                "nestjs"
              ]
            }
          ]
        }
      ]
    }
  },
  {
    "id": "generation.types",
    "group": "generation",
    "title": "TypeScript types",
    "description": "Planned, not built yet: TypeScript types.",
    "version": "0.0.0",
    "inputSchema": {},
    "writes": true,
    "planning": {
      "intents": [
        {
          "id": "gen-types",
          "label": "generate TypeScript types",
          "keywords": "types=2.5,typings=3,interface=2,interfaces=2,type definition=3.5,typescript type=3.5"
        }
      ],
      "strategy": "generate",
      "generates": {
        "kind": "types",
        "api": true,
        "workflow": false
      },
      "fields": [
        {
          "field": "name",
          "from": "new-name",
          "kind": "other",
          "fallback": "generated"
        },
        {
          "field": "framework",
          "from": "framework",
          "vocabulary": [
            {
              "value": "react",
              "phrases": [
                "react"
              ]
            },
            {
              "value": "next",
              "phrases": [
                "next",
                "nextjs"
              ]
            },
            {
              "value": "vue",
              "phrases": [
                "vue"
              ]
            },
            {
              "value": "svelte",
              "phrases": [
                "svelte"
              ]
            },
            {
              "value": "express",
              "phrases": [
                "express"
              ]
            },
            {
              "value": "fastify",
              "phrases": [
                "fastify"
              ]
            },
            {
              "value": "nestjs",
              "phrases": [
                "nest",
                "nestjs"
              ]
            }
          ]
        }
      ]
    }
  },
  {
    "id": "generation.validator",
    "group": "generation",
    "title": "Runtime validator",
    "description": "Planned, not built yet: Runtime validator.",
    "version": "0.0.0",
    "inputSchema": {},
    "writes": true,
    "planning": {
      "intents": [
        {
          "id": "gen-validator",
          "label": "generate a runtime validator",
          "keywords": "validator=3.5,validation=2.5,zod=3,yup=3,ajv=3"
        }
      ],
      "strategy": "generate",
      "generates": {
        "kind": "validator",
        "api": true,
        "workflow": false
      },
      "fields": [
        {
          "field": "name",
          "from": "new-name",
          "kind": "other",
          "fallback": "generated"
        },
        {
          "field": "framework",
          "from": "framework",
          "vocabulary": [
            {
              "value": "react",
              "phrases": [
                "react"
              ]
            },
            {
              "value": "next",
              "phrases": [
                "next",
                "nextjs"
              ]
            },
            {
              "value": "vue",
              "phrases": [
                "vue"
              ]
            },
            {
              "value": "svelte",
              "phrases": [
                "svelte"
              ]
            },
            {
              "value": "express",
              "phrases": [
                "express"
              ]
            },
            {
              "value": "fastify",
              "phrases": [
                "fastify"
              ]
            },
            {
              "value": "nestjs",
              "phrases": [
                "nest",
                "nestjs"
              ]
            }
          ]
        }
      ]
    }
  },
  {
    "id": "generation.client",
    "group": "generation",
    "title": "HTTP client",
    "description": "Planned, not built yet: HTTP client.",
    "version": "0.0.0",
    "inputSchema": {},
    "writes": true,
    "planning": {
      "intents": [
        {
          "id": "gen-client",
          "label": "generate an HTTP client",
          "keywords": "client=3,sdk=3.5,api client=4"
        }
      ],
      "strategy": "generate",
      "generates": {
        "kind": "client",
        "api": true,
        "workflow": false
      },
      "fields": [
        {
          "field": "name",
          "from": "new-name",
          "kind": "other",
          "fallback": "generated"
        },
        {
          "field": "framework",
          "from": "framework",
          "vocabulary": [
            {
              "value": "react",
              "phrases": [
                "react"
              ]
            },
            {
              "value": "next",
              "phrases": [
                "next",
                "nextjs"
              ]
            },
            {
              "value": "vue",
              "phrases": [
                "vue"
              ]
            },
            {
              "value": "svelte",
              "phrases": [
                "svelte"
              ]
            },
            {
              "value": "express",
              "phrases": [
                "express"
              ]
            },
            {
              "value": "fastify",
              "phrases": [
                "fastify"
              ]
            },
            {
              "value": "nestjs",
              "phrases": [
                "nest",
                "nestjs"
              ]
            }
          ]
        }
      ]
    }
  },
  {
    "id": "testing.integration",
    "group": "testing",
    "title": "Integration tests",
    "description": "Planned, not built yet: Integration tests.",
    "version": "0.0.0",
    "inputSchema": {},
    "writes": true,
    "planning": {
      "intents": [
        {
          "id": "test-integration",
          "label": "write integration tests",
          "keywords": "integration=3.5,integration test=4.5,supertest=4,api test=4,route test=4"
        }
      ],
      "strategy": "scope",
      "summary": "{Label} for {about}",
      "tests": [
        "api-route",
        "crud-resource"
      ],
      "fields": [
        {
          "field": "symbol",
          "from": "symbol"
        }
      ]
    }
  },
  {
    "id": "testing.e2e",
    "group": "testing",
    "title": "End-to-end tests",
    "description": "Planned, not built yet: End-to-end tests.",
    "version": "0.0.0",
    "inputSchema": {},
    "writes": true,
    "planning": {
      "intents": [
        {
          "id": "test-e2e",
          "label": "write end-to-end tests",
          "keywords": "e2e=4.5,end to end=4.5,playwright=4.5,cypress=4,browser test=4.5"
        }
      ],
      "strategy": "scope",
      "summary": "{Label} for {about}",
      "fields": [
        {
          "field": "symbol",
          "from": "symbol"
        }
      ]
    }
  },
  {
    "id": "testing.component",
    "group": "testing",
    "title": "Component tests",
    "description": "Planned, not built yet: Component tests.",
    "version": "0.0.0",
    "inputSchema": {},
    "writes": true,
    "planning": {
      "intents": [
        {
          "id": "test-component",
          "label": "write component tests",
          "keywords": "component test=5,testing library=5"
        }
      ],
      "strategy": "scope",
      "summary": "{Label} for {about}",
      "tests": [
        "component"
      ],
      "fields": [
        {
          "field": "symbol",
          "from": "symbol"
        }
      ]
    }
  },
  {
    "id": "testing.fixtures",
    "group": "testing",
    "title": "Test fixtures",
    "description": "Planned, not built yet: Test fixtures.",
    "version": "0.0.0",
    "inputSchema": {},
    "writes": true,
    "planning": {
      "intents": [
        {
          "id": "test-fixtures",
          "label": "generate test fixtures",
          "keywords": "fixture=3.5,fixtures=3.5,factory=3,factories=3,mock=3,mocks=3,test data=4"
        }
      ],
      "strategy": "scope",
      "summary": "{Label} for {about}",
      "fields": [
        {
          "field": "symbol",
          "from": "symbol"
        }
      ]
    }
  },
  {
    "id": "documentation.examples",
    "group": "documentation",
    "title": "Usage examples",
    "description": "Planned, not built yet: Usage examples.",
    "version": "0.0.0",
    "inputSchema": {},
    "writes": true,
    "planning": {
      "intents": [
        {
          "id": "doc-examples",
          "label": "write usage examples",
          "keywords": "example=3,usage example=4.5"
        }
      ],
      "strategy": "scope",
      "summary": "{Label} for {about}",
      "roles": [
        "document-examples"
      ],
      "behaviourNeutral": true
    }
  },
  {
    "id": "documentation.architecture",
    "group": "documentation",
    "title": "Architecture diagram",
    "description": "Planned, not built yet: Architecture diagram.",
    "version": "0.0.0",
    "inputSchema": {},
    "writes": true,
    "planning": {
      "intents": [
        {
          "id": "doc-architecture",
          "label": "draw an architecture diagram",
          "keywords": "architecture diagram=5,diagram=3.5,mermaid=4.5,architecture=2"
        }
      ],
      "strategy": "scope",
      "summary": "{Label} for {about}",
      "behaviourNeutral": true
    }
  },
  {
    "id": "debugging.reproduce",
    "group": "debugging",
    "title": "Reproduce a bug",
    "description": "Planned, not built yet: Reproduce a bug.",
    "version": "0.0.0",
    "inputSchema": {},
    "writes": true,
    "planning": {
      "intents": [
        {
          "id": "debug-reproduce",
          "label": "reproduce a bug",
          "keywords": "reproduce=6,repro=6,reproduction=6"
        }
      ],
      "strategy": "debug",
      "debug": {
        "stage": "reproduce",
        "verb": "Write a failing test that reproduces"
      }
    }
  }
];
