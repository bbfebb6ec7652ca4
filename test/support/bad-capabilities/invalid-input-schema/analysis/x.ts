/** Broken on purpose: the inputSchema is not a valid JSON Schema. */
export const meta = {
  id: 'analysis.x',
  version: '1.0.0',
  group: 'analysis',
  title: 'X',
  description: 'A broken test capability.',
  writes: false,
  inputSchema: { type: 'object', properties: { depth: { type: 'integr' } } },
};

export async function run(): Promise<{ summary: string }> {
  return { summary: 'never registered' };
}
