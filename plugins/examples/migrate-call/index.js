// A codemod as an agentd plugin: finds calls on the parsed tree (ctx.tools.parse, the "parse" permission)
// and stages the rewritten files (ctx.workspace.writeMany, the "writes" permission).
import { defineCapability } from '@agentd/cli/sdk';

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/**
 * Start/end of each identifier that is the callee of a call_expression and spells `name`. Read through
 * `file.tree` (nodes by number, no object per node): the fast way to walk whole trees in the sandbox;
 * `file.nodes` gives the same facts as objects. Visits the calls, then each one's callee (as an ESLint
 * rule's CallExpression visitor reads `node.callee`), rather than every identifier of the file.
 */
function calleeRanges(file, name) {
  const { tree } = file;
  const ranges = [];
  for (const call of tree.ofType('call_expression')) {
    const callee = tree.childForField(call, 'function');
    if (callee < 0 || tree.type(callee) !== 'identifier') continue;
    if (tree.text(callee) === name) ranges.push([tree.start(callee), tree.end(callee)]);
  }
  return ranges;
}

export const capabilities = {
  'refactoring.migrate-call': defineCapability({
    async run(input, ctx) {
      let calls = 0;
      const changed = [];
      const rewritten = [];
      // A text search first (done by agentd: only the matching paths cross), then those files parsed in one tool call.
      const { paths: candidates } = await ctx.workspace.search(input.from, { include: input.include, extensions: EXTENSIONS });
      const { files: parsed } = await ctx.tools.parseMany(candidates);
      for (const file of parsed) {
        const ranges = calleeRanges(file, input.from);
        if (ranges.length === 0) continue;
        let text = file.source;
        for (const [start, end] of ranges.reverse()) text = text.slice(0, start) + input.to + text.slice(end);
        rewritten.push({ path: file.path, content: text });
        calls += ranges.length;
        changed.push(file.path);
      }
      // Staged in one tool call, not one write() per file.
      if (rewritten.length > 0) await ctx.workspace.writeMany(rewritten);
      return {
        summary: `Rewrote ${calls} calls of ${input.from}() to ${input.to}() in ${changed.length} files.`,
        data: { calls, files: changed },
      };
    },
  }),
};
