export { JobEventBus } from './event-bus.js';
export type { JobEvent, JobEventListener, JobEventType } from './job-events.js';
export { WebhookEventBus } from './webhook-events.js';
export type { GithubDelivery, GithubDeliveryListener } from './webhook-events.js';
