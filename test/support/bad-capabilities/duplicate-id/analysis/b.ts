/** Broken on purpose: declares the same id as a.ts. */
export const meta = {
  id: 'analysis.same',
  version: '2.0.0',
  group: 'analysis',
  title: 'X',
  description: 'A broken test capability.',
  writes: false,
  inputSchema: { type: 'object' },
};

export async function run(): Promise<{ summary: string }> {
  return { summary: 'never registered' };
}
