/** Broken on purpose: exports a perFile that is not a function. */
export const meta = {
  id: 'analysis.x',
  group: 'analysis',
  title: 'X',
  description: 'A broken test capability.',
  version: '1.0.0',
  writes: false,
  inputSchema: { type: 'object' },
};

export async function run(): Promise<{ summary: string }> {
  return { summary: 'ran' };
}

export const perFile = { steps: 'not a function' };
