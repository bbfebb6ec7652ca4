/** XPath libraries (xpath, xmldom's evaluate, libxmljs `find`): an expression built from input selects any node (XPath injection). */
import type { LibraryModel } from './types.js';

const FIX =
  'Pass input as an XPath variable (xpath.parse(expr).select({ variables })) or allow-list it; never build the expression from input.';

export const model: LibraryModel = {
  id: 'xpath',
  title: 'xpath, xmldom, libxmljs queries',
  modules: ['xpath', 'xmldom', '@xmldom/xmldom', 'xpath.js', 'libxmljs', 'libxmljs2'],
  sinks: [
    {
      ruleId: 'security/xpath-injection',
      kind: 'xpath',
      callee: { module: ['xpath', 'xpath.js'], path: ['select', 'select1', 'evaluate', 'parse', 'useNamespaces()', ''] },
      args: [0],
      fix: FIX,
    },
    {
      ruleId: 'security/xpath-injection',
      kind: 'xpath',
      callee: {
        module: ['libxmljs', 'libxmljs2'],
        path: ['parseXml', 'parseXmlString', 'parseHtml', 'parseHtmlString'].flatMap((p) => [
          `${p}().find`,
          `${p}().get`,
          `${p}().root().find`,
          `${p}().root().get`,
        ]),
      },
      args: [0],
      fix: FIX,
    },
    {
      ruleId: 'security/xpath-injection',
      kind: 'xpath',
      callee: { method: ['find', 'get'], receiver: '(^|\\.)(doc|document|xml|xmlDoc|root)(\\(\\))?$', imported: ['^libxmljs'] },
      args: [0],
      fix: FIX,
    },
    {
      ruleId: 'security/xpath-injection',
      kind: 'xpath',
      callee: { method: ['evaluate'], receiver: '(^|\\.)(doc|document|xmlDoc)$' },
      args: [0],
      requires: 'notCallback',
      fix: FIX,
    },
  ],
};
