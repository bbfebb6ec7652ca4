/** Broken on purpose: the title is blank. */
export const meta = {
  id: 'analysis.x',
  version: '1.0.0',
  group: 'analysis',
  title: '  ',
  description: 'A broken test capability.',
  writes: false,
  inputSchema: { type: 'object' },
};

export async function run(): Promise<{ summary: string }> {
  return { summary: 'never registered' };
}
