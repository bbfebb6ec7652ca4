/** The capability registry: discovery under capabilities/<group>/, meta validation, input validation. */
export { CapabilityRegistry } from './capability-registry.js';
export { loadRegistry, discoverModules, type LoadRegistryOptions, type DiscoveredModule } from './load-registry.js';
export { defaultRoots } from './default-roots.js';
export type { InputError, InputValidation } from './input-validators.js';
export { closestMatch, editDistance } from '../fuzzy/index.js';
export { META_SCHEMA } from './meta-schema.js';
export { loadPlanned } from './load-planned.js';
