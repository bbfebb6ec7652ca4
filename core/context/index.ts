/** Building the CapabilityContext a capability receives, in a worker or in the current thread. */
export { createCapabilityContext } from './create-context.js';
export { createLocalContext, type LocalContextOptions, type LocalContextHandle } from './local-context.js';
export { createToolBudget } from './tool-budget.js';
