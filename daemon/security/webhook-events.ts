/**
 * Accepted GitHub webhook deliveries, published for whoever acts on them (the GitHub App integration).
 * Separate from the job event bus: deliveries belong to no job.
 */
import { EventEmitter } from 'node:events';

export interface GithubDelivery {
  id: string;
  event: string;
  action: string | null;
  payload: unknown;
  receivedAt: string;
}

export type GithubDeliveryListener = (delivery: GithubDelivery) => void;

export class WebhookEventBus {
  private readonly emitter = new EventEmitter();

  publish(delivery: GithubDelivery): void {
    for (const listener of this.emitter.listeners('github')) {
      try {
        (listener as GithubDeliveryListener)(delivery);
      } catch {
        /* a failing listener must not fail the delivery or the other listeners */
      }
    }
  }

  subscribe(listener: GithubDeliveryListener): () => void {
    this.emitter.on('github', listener);
    return () => this.emitter.off('github', listener);
  }

  close(): void {
    this.emitter.removeAllListeners();
  }
}
