/**
 * The look of a generated component per styling: Tailwind utility classes, a CSS module, a plain
 * stylesheet with BEM class names, styled-components, or none. Each element role of the markup gets
 * its tag, its className attribute (or styled component) and the CSS rules a stylesheet holds.
 */
import { kebabCase } from '../kit/index.js';
import type { ComponentStyling } from './input.js';

export type Role = 'root' | 'title' | 'text' | 'button' | 'field' | 'input';

export const TAGS: Record<Role, string> = { root: 'div', title: 'h2', text: 'p', button: 'button', field: 'label', input: 'input' };

export const TAILWIND: Record<Role, string> = {
  root: 'flex flex-col gap-2 rounded-lg border border-gray-200 p-4',
  title: 'text-lg font-semibold',
  text: 'text-sm text-gray-600',
  button: 'rounded-md bg-blue-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-700',
  field: 'flex flex-col gap-1 text-sm',
  input: 'rounded-md border border-gray-300 px-2 py-1',
};

export const CSS: Record<Role, string[]> = {
  root: [
    'display: flex;',
    'flex-direction: column;',
    'gap: 0.5rem;',
    'padding: 1rem;',
    'border: 1px solid #e5e7eb;',
    'border-radius: 0.5rem;',
  ],
  title: ['margin: 0;', 'font-size: 1.125rem;', 'font-weight: 600;'],
  text: ['margin: 0;', 'color: #4b5563;'],
  button: [
    'padding: 0.375rem 0.75rem;',
    'border: none;',
    'border-radius: 0.375rem;',
    'background: #2563eb;',
    'color: #fff;',
    'cursor: pointer;',
  ],
  field: ['display: flex;', 'flex-direction: column;', 'gap: 0.25rem;'],
  input: ['padding: 0.25rem 0.5rem;', 'border: 1px solid #d1d5db;', 'border-radius: 0.375rem;'],
};

const STYLED: Record<Role, string> = {
  root: 'StyledRoot',
  title: 'StyledTitle',
  text: 'StyledText',
  button: 'StyledButton',
  field: 'StyledField',
  input: 'StyledInput',
};

export interface Element {
  /** JSX tag: an intrinsic element or a styled component. */
  tag: string;
  /** The className attribute with a leading space, or ''. */
  attr: string;
}

export interface StyleRule {
  /** Class name in a stylesheet, or styled component name. */
  name: string;
  /** Intrinsic tag (styled.<tag>). */
  tag: string;
  declarations: string[];
}

export interface StylingPlan {
  styling: ComponentStyling;
  elements: Record<Role, Element>;
  /** Rules of the roles used, for the stylesheet or the styled components. */
  rules: StyleRule[];
}

/** The elements and rules for `roles` (the roles the markup uses; root first). */
export function planStyling(styling: ComponentStyling, componentName: string, roles: Role[], rootTag: string): StylingPlan {
  const base = kebabCase(componentName);
  const tagOf = (role: Role): string => (role === 'root' ? rootTag : TAGS[role]);
  const className = (role: Role): string => (role === 'root' ? 'root' : role);
  const elements = {} as Record<Role, Element>;
  const rules: StyleRule[] = [];
  for (const role of Object.keys(TAGS) as Role[]) {
    const used = roles.includes(role);
    switch (styling) {
      case 'tailwind':
        elements[role] = { tag: tagOf(role), attr: ` className="${TAILWIND[role]}"` };
        break;
      case 'css-modules':
        elements[role] = { tag: tagOf(role), attr: ` className={styles.${className(role)}}` };
        if (used) rules.push({ name: className(role), tag: tagOf(role), declarations: CSS[role] });
        break;
      case 'plain-css': {
        const name = role === 'root' ? base : `${base}__${role}`;
        elements[role] = { tag: tagOf(role), attr: ` className="${name}"` };
        if (used) rules.push({ name, tag: tagOf(role), declarations: CSS[role] });
        break;
      }
      case 'styled-components':
        elements[role] = { tag: STYLED[role], attr: '' };
        if (used) rules.push({ name: STYLED[role], tag: tagOf(role), declarations: CSS[role] });
        break;
      default:
        elements[role] = { tag: tagOf(role), attr: '' };
    }
  }
  return { styling, elements, rules };
}
