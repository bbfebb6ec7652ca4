/**
 * A result's changes with their whole diffs (GET /jobs/:id/changes, followed page by page): the record
 * holds the first 100 and cuts long diffs at 20,000 characters.
 */
import { useState } from 'preact/hooks';
import { getPage, type Page } from './api/client.js';
import type { ChangeView } from './api/types.js';

export const changeKey = (change: Pick<ChangeView, 'action' | 'path'>): string => `${change.action} ${change.path}`;

export interface WholeChanges {
  changes: ChangeView[] | null;
  byKey: Map<string, ChangeView> | null;
  loading: boolean;
  load(): Promise<void>;
  forget(): void;
}

export function useWholeChanges(jobId: string, onError: (error: unknown) => void): WholeChanges {
  const [changes, setChanges] = useState<ChangeView[] | null>(null);
  const [loading, setLoading] = useState(false);
  const load = async () => {
    setLoading(true);
    try {
      const rows: ChangeView[] = [];
      let next: string | null = `/jobs/${encodeURIComponent(jobId)}/changes?limit=100`;
      while (next) {
        const page: Page<ChangeView> = await getPage<ChangeView>(next);
        rows.push(...page.items);
        next = page.next;
      }
      setChanges(rows);
    } catch (failure) {
      onError(failure);
    } finally {
      setLoading(false);
    }
  };
  return {
    changes,
    byKey: changes ? new Map(changes.map((change) => [changeKey(change), change])) : null,
    loading,
    load,
    forget: () => setChanges(null),
  };
}
