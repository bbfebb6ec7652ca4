/** Broken on purpose: meta.group is not the folder it lives in. */
export const meta = {
  id: 'testing.x',
  group: 'testing',
  title: 'X',
  description: 'A broken test capability.',
  version: '1.0.0',
  writes: false,
  inputSchema: { type: 'object' },
};

export async function run(): Promise<{ summary: string }> {
  return { summary: 'never registered' };
}
