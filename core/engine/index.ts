/** The pipeline engine: createEngine({ registry }) -> Engine (run, close), over the supervised executor. */
export { createEngine, PipelineEngine, type CapabilityLookup, type EngineOptions } from './pipeline-engine.js';
