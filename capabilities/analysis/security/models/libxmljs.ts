/** libxmljs: `noent: true` substitutes entities, external ones included (XXE: local files, SSRF). xml2js/sax never resolve external entities. */
import type { LibraryModel } from './types.js';

const PARSE = ['parseXml', 'parseXmlString', 'parseXmlAsync', 'parseHtml', 'parseHtmlString', 'Document.fromXml'];

export const model: LibraryModel = {
  id: 'libxmljs',
  title: 'libxmljs / libxmljs2',
  modules: ['libxmljs', 'libxmljs2'],
  options: [
    {
      callee: { module: ['libxmljs', 'libxmljs2'], path: PARSE },
      arg: 1,
      option: 'noent',
      is: ['true'],
      ruleId: 'security/xxe',
      message: 'XML parsed with noent: true: external entities are resolved (local files, internal URLs).',
      fix: 'Remove noent (entities stay unexpanded) and keep nonet: true.',
    },
    {
      callee: { method: PARSE, receiver: 'xml|libxml' },
      arg: 1,
      option: 'noent',
      is: ['true'],
      ruleId: 'security/xxe',
      message: 'XML parsed with noent: true: external entities are resolved (local files, internal URLs).',
      fix: 'Remove noent (entities stay unexpanded) and keep nonet: true.',
    },
  ],
};
