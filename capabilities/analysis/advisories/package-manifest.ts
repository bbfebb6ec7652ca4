/** package.json: declared dependencies per section, each with the line it is declared on. */

export const DEPENDENCY_SECTIONS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;
export type DependencySection = (typeof DEPENDENCY_SECTIONS)[number];

export interface DeclaredDependency {
  name: string;
  range: string;
  section: DependencySection;
  /** 1-based line of the entry in package.json (1 when it cannot be located). */
  line: number;
}

export interface PackageManifest {
  name: string | null;
  dependencies: DeclaredDependency[];
  scripts: Record<string, string>;
  raw: Record<string, unknown>;
}

/** Lines of `"name":` entries inside each dependency section, for a conventionally formatted file. */
function entryLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  let section: string | null = null;
  text.split('\n').forEach((content, index) => {
    const opened = /^\s*"(dependencies|devDependencies|peerDependencies|optionalDependencies)"\s*:\s*\{/.exec(content);
    if (opened) {
      section = opened[1]!;
      if (!content.includes('}')) return;
    }
    if (!section) return;
    for (const entry of content.matchAll(/"([^"]+)"\s*:\s*"/g)) lines.set(`${section}\0${entry[1]}`, index + 1);
    if (content.includes('}')) section = null;
  });
  return lines;
}

export function parseManifest(text: string): PackageManifest {
  const raw = JSON.parse(text) as Record<string, unknown>;
  const lines = entryLines(text);
  const dependencies: DeclaredDependency[] = [];
  for (const section of DEPENDENCY_SECTIONS) {
    const entries = raw[section];
    if (!entries || typeof entries !== 'object') continue;
    for (const [name, range] of Object.entries(entries as Record<string, unknown>)) {
      if (typeof range === 'string') dependencies.push({ name, range, section, line: lines.get(`${section}\0${name}`) ?? 1 });
    }
  }
  const scripts = raw.scripts && typeof raw.scripts === 'object' ? (raw.scripts as Record<string, string>) : {};
  return { name: typeof raw.name === 'string' ? raw.name : null, dependencies, scripts, raw };
}
