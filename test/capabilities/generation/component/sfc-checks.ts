/**
 * Test support of generation.component's Vue and Svelte output: each file checked by its framework's
 * own compiler — Vue's @vue/compiler-sfc (parse, compileScript, compileTemplate with the script's
 * bindings, compileStyle for every style block) and Svelte's svelte/compiler (Svelte 5), or Svelte 4's
 * compiler (the svelte4 alias package) after stripping TypeScript with TypeScript's transpiler, as
 * vitePreprocess does for Svelte 4 projects. Each returns the problems as text ([] when clean).
 */
import { compileScript, compileStyle, compileTemplate, parse } from '@vue/compiler-sfc';
import { compile as compileSvelte5 } from 'svelte/compiler';
import ts from 'typescript';

/** Errors and tips of Vue's compiler on one single-file component. */
export function vueProblems(source: string, filename: string): string[] {
  const { descriptor, errors } = parse(source, { filename });
  const problems = errors.map((e) => `parse: ${e.message}`);
  if (problems.length > 0) return problems;
  const id = 'test-id';
  const scoped = descriptor.styles.some((s) => s.scoped);
  const script = descriptor.scriptSetup || descriptor.script ? compileScript(descriptor, { id }) : null;
  if (descriptor.template) {
    const template = compileTemplate({
      source: descriptor.template.content,
      filename,
      id,
      scoped,
      compilerOptions: { bindingMetadata: script?.bindings, isTS: descriptor.scriptSetup?.lang === 'ts' },
    });
    problems.push(...template.errors.map((e) => `template: ${typeof e === 'string' ? e : e.message}`));
    problems.push(...template.tips.map((t) => `template tip: ${t}`));
  }
  for (const style of descriptor.styles) {
    const compiled = compileStyle({ source: style.content, filename, id: `data-v-${id}`, scoped: style.scoped === true });
    problems.push(...compiled.errors.map((e) => `style: ${e.message}`));
  }
  return problems;
}

/** Warnings of Svelte 5's compiler (errors throw). */
export function svelte5Problems(source: string, filename: string): string[] {
  return compileSvelte5(source, { filename }).warnings.map((w) => `${w.code}: ${w.message}`);
}

/** The part of Svelte 4's compiler used here (its types declare the module as 'svelte/compiler', not the alias). */
interface Svelte4Compiler {
  preprocess(
    source: string,
    preprocessors: { script: (block: { content: string; attributes: Record<string, string | boolean> }) => { code: string } | undefined },
    options: { filename: string },
  ): Promise<{ code: string }>;
  compile(source: string, options: { filename: string }): { warnings: Array<{ code: string; message: string }> };
}

const SVELTE4 = 'svelte4/compiler';

/** Warnings of Svelte 4's compiler (errors throw), TypeScript stripped first. */
export async function svelte4Problems(source: string, filename: string): Promise<string[]> {
  const svelte4 = (await import(SVELTE4)) as Svelte4Compiler;
  const stripped = await svelte4.preprocess(
    source,
    {
      script: ({ content, attributes }) =>
        attributes['lang'] === 'ts'
          ? {
              code: ts.transpileModule(content, {
                compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, verbatimModuleSyntax: true },
              }).outputText,
            }
          : undefined,
    },
    { filename },
  );
  return svelte4.compile(stripped.code, { filename }).warnings.map((w) => `${w.code}: ${w.message}`);
}
