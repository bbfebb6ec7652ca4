/** Broken on purpose: it declares an error code outside its namespace (neither analysis_ nor x_). */
export const meta = {
  id: 'analysis.x',
  version: '1.0.0',
  group: 'analysis',
  title: 'X',
  description: 'A broken test capability.',
  writes: false,
  inputSchema: { type: 'object' },
  errors: [{ code: 'other_refused', description: 'Never raised.' }],
};

export async function run(): Promise<{ summary: string }> {
  return { summary: 'never registered' };
}
