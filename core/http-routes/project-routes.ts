/** The routes of the project in a capability's workspace: its JavaScript and TypeScript modules (tests, builds and fixtures left out) parsed in one batch and scanned. */
import type { CapabilityContext, SkippedFile } from '../contracts/index.js';
import { scanRoutes, type RouteScan } from './find-routes.js';

const SOURCE_EXTENSIONS = ['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts'];
const TEST_FILE = /(^|\/)(test|tests|__tests__|spec)\/|\.(test|spec)\.[cm]?[jt]sx?$/;
const NOT_SOURCE = /(^|\/)(coverage|dist|build|fixtures|node_modules)\/|(^|\/)\.|\.config\.[cm]?[jt]s$|\.d\.[cm]?ts$/;

export interface ProjectRoutes {
  scan: RouteScan;
  /** How many modules were read. */
  modules: number;
  skipped: SkippedFile[];
}

export async function findProjectRoutes(ctx: CapabilityContext, include?: string[]): Promise<ProjectRoutes> {
  const all = await ctx.workspace.list({ extensions: SOURCE_EXTENSIONS, ...(include?.length ? { include } : {}) });
  const sources = all.filter((f) => !TEST_FILE.test(f) && !NOT_SOURCE.test(f));
  const parsed = await ctx.tools.parseMany(sources);
  const scan = scanRoutes(
    parsed.files.map((f) => ({ path: f.path, tree: f.tree })),
    all,
  );
  return { scan, modules: parsed.files.length, skipped: parsed.skipped };
}
