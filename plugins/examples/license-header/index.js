// An agentd plugin: one ES module whose only import is the SDK. It runs inside agentd's sandbox.
import { defineCapability, finding } from '@agentd/cli/sdk';

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/** Where the header goes: after a "#!" line, else at the very start. */
function insertionPoint(content) {
  if (!content.startsWith('#!')) return 0;
  const end = content.indexOf('\n');
  return end === -1 ? content.length : end + 1;
}

export const capabilities = {
  'analysis.license-header': defineCapability({
    async run(input, ctx) {
      const header = input.header ?? '// SPDX-License-Identifier: MIT';
      const marker = input.marker ?? 'SPDX-License-Identifier';
      const lines = input.lines ?? 5;
      const files = await ctx.workspace.list({
        include: input.include,
        exclude: input.exclude,
        extensions: input.extensions ?? SOURCE_EXTENSIONS,
      });
      const { files: read, skipped } = await ctx.workspace.readMany(files);
      const findings = [];
      for (const [index, file] of read.entries()) {
        if (index % 100 === 99) ctx.progress((100 * index) / read.length, `${index + 1} of ${read.length} files`);
        if (file.content.split('\n', lines).some((line) => line.includes(marker))) continue;
        const at = insertionPoint(file.content);
        findings.push(
          finding({
            ruleId: 'license-header/missing',
            severity: 'low',
            file: file.path,
            line: 1,
            message: `The first ${lines} lines do not contain "${marker}".`,
            fix: { description: 'Insert the license header', edits: [{ start: at, end: at, text: `${header}\n` }] },
          }),
        );
      }
      return {
        summary: `${findings.length} of ${read.length} files lack a license header.`,
        findings,
        data: { checked: read.length, missing: findings.length, skipped: skipped.map((s) => s.path) },
      };
    },
  }),
};
