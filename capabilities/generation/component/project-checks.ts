/** What generation.component and generation.hook check about the project and the input before writing. */
import type { CapabilityContext } from '../../../core/index.js';
import { AgentdError } from '../../../core/index.js';
import { wordsOf } from '../kit/index.js';
import type { ReactConventions } from './conventions.js';
import type { ComponentInput, ComponentStyling } from './input.js';

/** Refuses a project that is not a React TypeScript project (both generators send Vue and Svelte projects to their own generators before this, unless the task said React). */
export function assertReactProject(ctx: CapabilityContext, what: 'component' | 'hook'): void {
  const frameworks = ctx.project.frameworks;
  if (!frameworks.includes('react') && !frameworks.includes('next')) {
    const other = frameworks.find((f) => f === 'vue' || f === 'svelte');
    throw new AgentdError(
      'generation_refused',
      other
        ? `the task asks for a React ${what}, but this is a ${other === 'vue' ? 'Vue' : 'Svelte'} project: leave the framework out (or say ${other}) to get a ${other === 'vue' ? 'Vue' : 'Svelte'} ${what === 'hook' ? (other === 'vue' ? 'composable' : 'runes module or store') : 'component'}. Nothing was staged.`
        : `generation.${what} writes React ${what}s and the project has no react dependency. Nothing was staged.`,
    );
  }
  if (ctx.project.language !== 'typescript')
    throw new AgentdError(
      'generation_refused',
      `generation.${what} writes TypeScript (TSX); the project is JavaScript. Nothing was staged.`,
    );
}

const sentence = (name: string): string => {
  const words = wordsOf(name).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Buttons and fields must have distinct accessible names, or the generated test cannot tell them apart. */
export function checkLabels(input: ComponentInput): void {
  const seen = new Map<string, string>();
  const add = (label: string, where: string): void => {
    const key = label.trim().toLowerCase();
    const before = seen.get(key);
    if (before)
      throw new AgentdError(
        'invalid_input',
        `${where}: the label "${label}" is also ${before}'s; give each button and field its own label`,
        { details: [{ path: `/${where.replace(/\./g, '/')}`, message: `duplicate label "${label}"` }] },
      );
    seen.set(key, where);
  };
  (input.state ?? []).forEach((s, i) => {
    if (s.type !== 'number') add(sentence(s.name), `state.${i}.name`);
  });
  (input.handlers ?? []).forEach((h, i) => add(h.label ?? sentence(h.name.slice(2)), `handlers.${i}.label`));
}

/** Things about the chosen styling the user should know (a library the project lacks, a missing type declaration). */
export async function stylingNotes(ctx: CapabilityContext, styling: ComponentStyling, conventions: ReactConventions): Promise<string[]> {
  const notes: string[] = [];
  if (styling === 'styled-components' && !conventions.deps.has('styled-components'))
    notes.push('styled-components is not a dependency of the project: install it (and its types) before using the component');
  if (styling === 'tailwind' && !ctx.project.styling.includes('tailwind'))
    notes.push('Tailwind is not set up in the project: the utility classes have no effect until it is');
  if (styling === 'css-modules') {
    const files = await ctx.workspace.list({ extensions: ['.ts', '.d.ts'], exclude: ['dist/**', 'build/**'] });
    const declarations = files.filter((f) => f.endsWith('.d.ts'));
    const { files: texts } = await ctx.workspace.readMany(declarations.slice(0, 30));
    const declared = texts.some((f) => /declare\s+module\s+['"]\*\.module\.css['"]|reference\s+types=["']vite\/client["']/.test(f.content));
    const tsconfig = (await ctx.workspace.exists('tsconfig.json')) ? await ctx.workspace.read('tsconfig.json') : '';
    if (!declared && !/vite\/client/.test(tsconfig))
      notes.push(
        "no type declaration for *.module.css was found (vite/client or a declare module '*.module.css'): tsc needs one to import the stylesheet",
      );
  }
  return notes;
}
