/** Broken on purpose: the id names another group than meta.group. */
export const meta = {
  id: 'testing.x',
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
