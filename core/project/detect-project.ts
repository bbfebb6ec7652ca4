/** `detectProject(root)`: the project context, from the files alone (nothing is executed). */
import type { ProjectContext } from '../contracts/index.js';
import { detectCodeStyle } from './detect-code-style.js';
import { detectFrameworks } from './detect-frameworks.js';
import { detectLanguage, detectModuleSystem } from './detect-language.js';
import { detectStyling, detectThemeFile } from './detect-styling.js';
import { detectPackageManager, detectSchemaTools, detectTestCommand, detectTestRunner, detectTsconfig } from './detect-tooling.js';
import { loadProjectFiles } from './project-files.js';
import type { RootWalker } from '../workspace/list-files.js';

/** `walk`: a walk of the root to share (see loadProjectFiles). */
export async function detectProject(root: string, walk?: RootWalker): Promise<ProjectContext> {
  const files = await loadProjectFiles(root, walk);
  const language = detectLanguage(files);
  const frameworks = detectFrameworks(files);
  const [moduleSystem, styling, codeStyle, testRunner] = await Promise.all([
    detectModuleSystem(files, language),
    detectStyling(files),
    detectCodeStyle(files),
    detectTestRunner(files),
  ]);
  const name = files.packageJson?.name;
  return {
    name: typeof name === 'string' ? name : null,
    language,
    moduleSystem,
    frameworks,
    framework: frameworks[0] ?? 'none',
    styling,
    themeFile: detectThemeFile(files),
    codeStyle,
    testRunner,
    testCommand: detectTestCommand(files),
    packageManager: detectPackageManager(files),
    schemaTools: detectSchemaTools(files),
    tsconfig: detectTsconfig(files),
  };
}
