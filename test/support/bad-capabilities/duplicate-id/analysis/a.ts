/** Broken on purpose: declares the same id as b.ts. */
export const meta = {
  id: 'analysis.same',
  version: '1.0.0',
  group: 'analysis',
  title: 'X',
  description: 'A broken test capability.',
  writes: false,
  inputSchema: { type: 'object' },
};

export async function run(): Promise<{ summary: string }> {
  return { summary: 'never registered' };
}
