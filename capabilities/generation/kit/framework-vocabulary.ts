/** The frameworks a generation task names in prose ("a Vue component", "for fastify"), as a planning vocabulary. */
import type { VocabularyEntry } from '../../../core/index.js';

export const FRAMEWORK_VOCABULARY: VocabularyEntry[] = [
  { value: 'react', phrases: ['react'] },
  { value: 'next', phrases: ['next', 'nextjs'] },
  { value: 'vue', phrases: ['vue'] },
  { value: 'svelte', phrases: ['svelte'] },
  { value: 'express', phrases: ['express'] },
  { value: 'fastify', phrases: ['fastify'] },
  { value: 'nestjs', phrases: ['nest', 'nestjs'] },
];
