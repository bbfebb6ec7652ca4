/** React: `dangerouslySetInnerHTML` is a DOM HTML sink; router hooks return URL input. */
import type { LibraryModel } from './types.js';

export const model: LibraryModel = {
  id: 'react',
  title: 'React and React Router',
  modules: ['react', 'react-dom', 'react-router', 'react-router-dom', 'next/navigation'],
  sources: { globalCalls: { useSearchParams: 'dom', useParams: 'dom', useLocation: 'dom' } },
  assignmentSinks: [
    {
      ruleId: 'security/dom-xss',
      kind: 'html',
      property: ['dangerouslySetInnerHTML'],
      jsx: true,
      dom: true,
      fix: 'Render text as children, or sanitise with DOMPurify.sanitize() first.',
    },
  ],
};
