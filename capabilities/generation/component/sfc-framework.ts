/** Which generator a UI task goes to: Vue or Svelte when the task names it or the project is one (and not React); null for React. Shared by generation.component and generation.hook. */
import type { CapabilityContext } from '../../../core/index.js';
import { AgentdError } from '../../../core/index.js';
import type { SfcFramework } from './sfc-conventions.js';

export function sfcFramework(named: string | undefined, ctx: CapabilityContext, what: 'component' | 'hook'): SfcFramework | null {
  const frameworks = ctx.project.frameworks;
  if (named === 'vue' || named === 'svelte') {
    if (!frameworks.includes(named)) {
      const title = named === 'vue' ? 'Vue' : 'Svelte';
      throw new AgentdError(
        'generation_refused',
        `the task asks for a ${title} ${what}, but this is not a ${title} project (no ${named} dependency or ${named === 'vue' ? '.vue' : '.svelte'} files). Nothing was staged.`,
      );
    }
    return named;
  }
  if (named !== undefined || frameworks.includes('react') || frameworks.includes('next')) return null;
  return frameworks.includes('vue') ? 'vue' : frameworks.includes('svelte') ? 'svelte' : null;
}
