/** core/sandbox: the one way project code runs (README.md). */
export { runSandboxed, SANDBOX_DEFAULTS, HIDDEN_PATHS_VARIABLE, type SandboxRequest, type SandboxResult } from './run-sandboxed.js';
export { availableIsolation, type Isolation } from './isolation.js';
export { sandboxEnv, INHERITED_VARIABLES, FIXED_VARIABLES } from './sandbox-env.js';
export { hostSpawn } from './host-spawn.js';
