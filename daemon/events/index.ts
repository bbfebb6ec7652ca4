export { JobEventBus } from './event-bus.js';
export type { JobEvent, JobEventListener, JobEventType } from './job-events.js';
