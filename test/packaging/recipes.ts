/** The recipes of docs/ci.md as the test runs them: each is the fenced block after its `<!-- recipe: name -->` marker. */
import { load as loadYaml } from 'js-yaml';

export function recipeBlock(markdown: string, name: string): string {
  const at = markdown.indexOf(`<!-- recipe: ${name} -->`);
  if (at < 0) throw new Error(`docs/ci.md has no "<!-- recipe: ${name} -->" block`);
  const match = /```[^\n]*\n([\s\S]*?)\n```/.exec(markdown.slice(at));
  if (!match) throw new Error(`the "${name}" recipe marker is not followed by a fenced block`);
  return match[1]!;
}

export function shellRecipe(markdown: string): string {
  return recipeBlock(markdown, 'shell');
}

/** The GitLab job: its script lines and the artifacts it keeps. */
export function gitlabScript(markdown: string): { script: string[]; artifacts: string[] } {
  const jobs = loadYaml(recipeBlock(markdown, 'gitlab')) as Record<string, { script: string[]; artifacts: { paths: string[] } }>;
  const job = Object.values(jobs)[0]!;
  return { script: job.script, artifacts: job.artifacts.paths };
}
