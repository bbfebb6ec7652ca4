/** Broken on purpose: exports meta but no run function. */
export const meta = {
  id: 'analysis.x',
  group: 'analysis',
  title: 'X',
  description: 'A broken test capability.',
  version: '1.0.0',
  writes: false,
  inputSchema: { type: 'object' },
};

export const run = 'not a function';
