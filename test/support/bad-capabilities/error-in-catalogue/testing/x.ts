/** Broken on purpose: it declares a code agentd's own catalogue has (in its group's namespace). */
export const meta = {
  id: 'testing.x',
  version: '1.0.0',
  group: 'testing',
  title: 'X',
  description: 'A broken test capability.',
  writes: false,
  inputSchema: { type: 'object' },
  errors: [{ code: 'testing_refused', description: 'Never raised.' }],
};

export async function run(): Promise<{ summary: string }> {
  return { summary: 'never registered' };
}
