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

/** Returns true when it acts on the delivery (the GitHub App for the events it subscribes to). */
export type GithubDeliveryListener = (delivery: GithubDelivery) => boolean | void;

export class WebhookEventBus {
  private readonly emitter = new EventEmitter();

  /** Whether a listener acts on the delivery (false: an event nothing here subscribes to, ignored). */
  publish(delivery: GithubDelivery): boolean {
    let handled = false;
    for (const listener of this.emitter.listeners('github')) {
      try {
        if ((listener as GithubDeliveryListener)(delivery) === true) handled = true;
      } catch {
        /* a failing listener must not fail the delivery or the other listeners */
      }
    }
    return handled;
  }

  subscribe(listener: GithubDeliveryListener): () => void {
    this.emitter.on('github', listener);
    return () => this.emitter.off('github', listener);
  }

  close(): void {
    this.emitter.removeAllListeners();
  }
}
