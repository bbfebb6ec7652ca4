/**
 * generation.scaffold's planning data: "scaffold a new feature called Invoice" -> the `feature`
 * scaffold with `variables.name` = Invoice. The template is the new thing the task names; the
 * capability matches it against the scaffold folders in any casing and lists them when none matches.
 */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [{ id: 'gen-scaffold', label: 'scaffold from a template', keywords: 'scaffold=4,template=2.5,boilerplate=4,plop=4,hygen=4' }],
  strategy: 'generate',
  scope: false,
  generates: { kind: 'scaffold', api: false, workflow: false },
  summary: "Scaffold {name} from the project's template folder",
  fields: [
    {
      field: 'template',
      from: 'pattern',
      patterns: [
        // "from the crud-module template", "using our feature scaffold"
        '\\b(?:from|using|with)\\s+(?:(?:the|our|my|a)\\s+)?(?!(?:the|our|my|a|template|scaffold)\\b)([A-Za-z][\\w-]*)\\s+(?:template|scaffold)\\b',
        // "scaffold a new feature ..."
        '\\bscaffold\\s+(?:(?:a|an|the|new|another)\\s+)*(?!(?:from|using|with|called|named)\\b)([A-Za-z][\\w-]*)',
      ],
    },
    { field: 'variables.name', from: 'name' },
    { field: 'dryRun', from: 'phrase', phrases: ['dry run', 'dry-run', 'preview', 'what would'], value: true },
  ],
};
