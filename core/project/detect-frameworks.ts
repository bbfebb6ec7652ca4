/** Frameworks from package.json dependencies and tell-tale files, main framework first. */
import type { Framework } from '../contracts/index.js';
import { hasAnyDep, type ProjectFiles } from './project-files.js';

interface FrameworkRule {
  framework: Framework;
  deps: string[];
  /** A root file or a file extension anywhere that also gives it away. */
  rootFiles?: string[];
  extensions?: string[];
}

// Ordered by how much each says about the project: a Next app is also a React app, a NestJS
// API also runs on Express, so the more specific framework comes first and becomes `framework`.
const RULES: FrameworkRule[] = [
  { framework: 'next', deps: ['next'], rootFiles: ['next.config.js', 'next.config.mjs', 'next.config.ts', 'next.config.cjs'] },
  { framework: 'nestjs', deps: ['@nestjs/core', '@nestjs/common'], rootFiles: ['nest-cli.json'] },
  { framework: 'vue', deps: ['vue', 'nuxt'], extensions: ['.vue'] },
  { framework: 'svelte', deps: ['svelte', '@sveltejs/kit'], rootFiles: ['svelte.config.js', 'svelte.config.mjs'], extensions: ['.svelte'] },
  { framework: 'react', deps: ['react', 'react-dom', 'react-native'] },
  { framework: 'fastify', deps: ['fastify'] },
  { framework: 'express', deps: ['express', '@nestjs/platform-express'] },
];

export function detectFrameworks(files: ProjectFiles): Framework[] {
  const found: Framework[] = [];
  for (const rule of RULES) {
    const byDep = hasAnyDep(files, rule.deps);
    const byRootFile = rule.rootFiles?.some((name) => files.rootEntries.has(name)) ?? false;
    const byExtension = rule.extensions?.some((ext) => files.files.some((file) => file.endsWith(ext))) ?? false;
    if (byDep || byRootFile || byExtension) found.push(rule.framework);
  }
  return found;
}
