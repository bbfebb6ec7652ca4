/** Broken on purpose: the id is not <group>.<kebab-name>. */
export const meta = {
  id: 'analysis.Bad_Id',
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
