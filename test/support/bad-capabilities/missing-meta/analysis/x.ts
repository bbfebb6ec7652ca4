/** Broken on purpose: exports run but no meta. */
export async function run(): Promise<{ summary: string }> {
  return { summary: 'never registered' };
}
