/**
 * A scan under the project's configuration (core/project-config): the settings for the root (the
 * nearest agentd.config.json, or the built-in defaults), the one review every check's findings go
 * through, and afterwards the run that reports the agentd-ignore comments themselves.
 */
import type { Finding } from '../contracts/index.js';
import {
  directiveFindings,
  newReview,
  projectSettings,
  SUPPRESSIONS_ID,
  type FindingReview,
  type ProjectSettings,
  type Suppression,
} from '../project-config/index.js';
import { rebaseGlobs } from '../project-config/rebase-globs.js';
import { defaultExcludes, PLAIN_CHECK } from '../project-config/config-inputs.js';
import type { CapabilityRun } from '../report/index.js';
import { openWorkspace } from '../workspace/overlay-workspace.js';
import type { RootWalker } from '../workspace/list-files.js';
import { configCatalogOf, type AnalysisCatalog } from './analysis-catalog.js';

export type SuppressedFinding = Finding & { capability: string; suppression: Suppression };

export function scanSettings(root: string, catalog: AnalysisCatalog, given?: ProjectSettings): ProjectSettings {
  return given ?? projectSettings(root, configCatalogOf(catalog));
}

/** The include globs of the scan as a whole: the caller's, else the configuration's (rebased onto the root). */
export function scanInclude(settings: ProjectSettings, given: string[] | undefined): string[] | undefined {
  return given ?? rebaseGlobs(settings.loaded.config.include, settings.rootPrefix);
}

/** What the whole scan leaves out (the file count, the sources searched for agentd-ignore comments): generated code, the file's excludes, the caller's. */
export function scanExclude(settings: ProjectSettings, given: string[] | undefined): string[] | undefined {
  const all = [...defaultExcludes(settings.loaded, PLAIN_CHECK, settings.rootPrefix), ...(given ?? [])];
  return all.length > 0 ? [...new Set(all)] : undefined;
}

/** The review of a scan: files the scan read already (`known`) are not read again; others (package.json, say) are, uncounted, like the excerpts. */
export async function scanReview(
  root: string,
  settings: ProjectSettings,
  walk: RootWalker | undefined,
  known: ReadonlyMap<string, string>,
): Promise<FindingReview> {
  const workspace = await openWorkspace({ root, ...(walk ? { walk } : {}) });
  return newReview(settings, async (files) => {
    const texts = new Map<string, string>();
    const missing: string[] = [];
    for (const file of files) {
      const text = known.get(file);
      if (text === undefined) missing.push(file);
      else texts.set(file, text);
    }
    if (missing.length > 0) for (const f of (await workspace.readMany(missing)).files) texts.set(f.path, f.content);
    return texts;
  });
}

const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** The run reporting the scanned files' agentd-ignore comments, or undefined when they hold none. */
export function suppressionsRun(
  review: FindingReview,
  sources: ReadonlyMap<string, string>,
  suppressed: number,
): { run: CapabilityRun; findings: Finding[] } | undefined {
  let directives = 0;
  for (const [file, text] of sources) directives += review.directivesOf(file, text).length;
  if (directives === 0) return undefined;
  const findings = directiveFindings(review, sources);
  const by = (ruleId: string): number => findings.filter((f) => f.ruleId === ruleId).length;
  const problems = [
    by('agentd/unused-suppression') ? `${by('agentd/unused-suppression')} unused` : '',
    by('agentd/suppression-without-reason') ? `${by('agentd/suppression-without-reason')} without a reason` : '',
    by('agentd/invalid-suppression') ? `${by('agentd/invalid-suppression')} invalid` : '',
  ].filter(Boolean);
  const summary = `${count(directives, 'agentd-ignore comment')} suppressed ${count(suppressed, 'finding')}${problems.length ? `; ${problems.join(', ')}` : ''}.`;
  return { run: { capability: SUPPRESSIONS_ID, summary, findings: findings.length, durationMs: 0 }, findings };
}
