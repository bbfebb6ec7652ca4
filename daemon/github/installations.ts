/**
 * `installation` (created, deleted, suspend, unsuspend, new_permissions_accepted) and
 * `installation_repositories` (added, removed): kept in the App's store. A deleted installation, or a
 * repository removed from one, has its workspace cache deleted (its code is no longer ours to keep).
 */
import type { Logger } from '../logging/types.js';
import type { GithubAppStore, InstallationRecord } from './app-store.js';
import type { GithubClient } from './github-client.js';
import { repositoryName } from './repository-names.js';
import type { WorkspaceCache } from './workspace-cache.js';

interface Payload {
  installation?: { id?: number; account?: { login?: string }; repository_selection?: string };
  repositories?: { full_name?: string }[];
  repositories_added?: { full_name?: string }[];
  repositories_removed?: { full_name?: string }[];
}

export function isInstallationEvent(event: string): boolean {
  return event === 'installation' || event === 'installation_repositories';
}

function names(list: { full_name?: string }[] | undefined): string[] {
  return (list ?? []).map((repository) => repositoryName(repository.full_name).fullName);
}

export async function recordInstallationEvent(
  event: string,
  action: string | null,
  payload: unknown,
  parts: { store: GithubAppStore; cache: WorkspaceCache; client: GithubClient; logger: Logger },
): Promise<void> {
  const p = payload as Payload;
  const id = p.installation?.id;
  if (typeof id !== 'number') return;
  const now = new Date().toISOString();
  const known = await parts.store.installation(id);
  const base: InstallationRecord = known ?? {
    id,
    account: p.installation?.account?.login ?? '',
    repositories: [],
    repositorySelection: p.installation?.repository_selection ?? null,
    createdAt: now,
    updatedAt: now,
  };
  if (event === 'installation' && action === 'deleted') {
    // Caches first: once the store says so, the repositories' code is gone too.
    for (const name of new Set([...base.repositories, ...names(p.repositories)])) await parts.cache.remove(repositoryName(name));
    await parts.store.removeInstallation(id);
    parts.client.forget(id);
    parts.logger.info('GitHub App installation deleted', { installation: id, account: base.account });
    return;
  }
  if (event === 'installation' && action === 'new_permissions_accepted') {
    // The cached token lists the permissions it was issued with (code scanning reads them): take a new one.
    await parts.client
      .renew(id)
      .catch((error: unknown) =>
        parts.logger.warn('GitHub installation token not renewed after new permissions', { installation: id, error: String(error) }),
      );
  }
  let repositories = base.repositories;
  let removed: string[] = [];
  if (event === 'installation') {
    if (action === 'created') repositories = names(p.repositories);
  } else {
    removed = names(p.repositories_removed);
    repositories = [...new Set([...repositories, ...names(p.repositories_added)])].filter((name) => !removed.includes(name));
  }
  const record: InstallationRecord = {
    ...base,
    account: p.installation?.account?.login ?? base.account,
    repositorySelection: p.installation?.repository_selection ?? base.repositorySelection,
    repositories: repositories.sort(),
    updatedAt: now,
  };
  for (const name of removed) await parts.cache.remove(repositoryName(name));
  await parts.store.saveInstallation(record);
  parts.logger.info('GitHub App installation recorded', {
    installation: id,
    action,
    account: record.account,
    repositories: record.repositories.length,
    removed: removed.length,
  });
}
