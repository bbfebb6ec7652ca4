/** Reflected and DOM XSS cases. */
import type { CaseTable } from '../security-tester.js';

export const XSS_CASES: CaseTable = {
  valid: [
    {
      rule: 'security/reflected-xss',
      name: 'escaped with escape-html',
      code: "app.get('/x', (req, res) => {\n  res.send(`<p>${escapeHtml(req.query.q)}</p>`);\n});\n",
    },
    {
      rule: 'security/reflected-xss',
      name: 'res.json of input',
      code: "app.get('/x', (req, res) => {\n  res.json({ q: req.query.q });\n});\n",
    },
    {
      rule: 'security/reflected-xss',
      name: 'plain-text content type',
      code: "app.get('/x', (req, res) => {\n  res.type('text/plain').send(`q=${req.query.q}`);\n});\n",
    },
    {
      rule: 'security/dom-xss',
      name: 'DOMPurify before dangerouslySetInnerHTML',
      filename: 'src/View.tsx',
      code: "export function View() {\n  const q = new URLSearchParams(location.search).get('q');\n  return <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(q) }} />;\n}\n",
    },
    {
      rule: 'security/dom-xss',
      name: 'textContent is not an HTML sink',
      filename: 'src/view.ts',
      code: "const q = new URLSearchParams(location.search).get('q');\ndocument.getElementById('out')!.textContent = q;\n",
    },
    // Real code (mocha's browser highlighter): the element's own markup, transformed and written back.
    {
      rule: 'security/unsanitized-html',
      name: 'an element re-writing its own innerHTML',
      filename: 'src/highlight.js',
      code: "export function highlightTags(name) {\n  const code = document.getElementById('mocha').getElementsByTagName(name);\n  for (let i = 0; i < code.length; ++i) {\n    code[i].innerHTML = highlight(code[i].innerHTML);\n  }\n}\n",
    },
    {
      rule: 'security/unsanitized-html',
      name: 'constant HTML',
      filename: 'src/View.tsx',
      code: "const HELP = '<b>Help</b>';\nexport const View = () => <p dangerouslySetInnerHTML={{ __html: HELP }} />;\n",
    },
  ],
  invalid: [
    {
      rule: 'security/reflected-xss',
      name: 'query in an HTML template',
      code: "app.get('/x', (req, res) => {\n  res.send(`<p>Hello ${req.query.name}</p>`); // !\n});\n",
    },
    {
      rule: 'security/reflected-xss',
      name: 'raw Node response with HTML',
      code: "app.get('/x', (req, res) => {\n  const name = req.headers['x-name'];\n  res.end('<h1>' + name + '</h1>'); // !\n});\n",
    },
    {
      rule: 'security/dom-xss',
      name: 'an element re-writing its own innerHTML with the URL added',
      filename: 'src/view.js',
      code: "const el = document.getElementById('out');\nel.innerHTML = el.innerHTML + location.hash; // !\n",
    },
    {
      rule: 'security/dom-xss',
      name: 'innerHTML from location.hash',
      filename: 'src/view.ts',
      code: "const el = document.querySelector('#out')!;\nel.innerHTML = '<p>' + location.hash.slice(1) + '</p>'; // !\n",
    },
    {
      rule: 'security/dom-xss',
      name: 'insertAdjacentHTML from URL params',
      filename: 'src/view.ts',
      code: "const p = new URLSearchParams(window.location.search);\ndocument.body.insertAdjacentHTML('beforeend', p.get('msg')); // !\n",
    },
    {
      rule: 'security/dom-xss',
      name: 'dangerouslySetInnerHTML from a router param',
      filename: 'src/View.tsx',
      code: 'export function View() {\n  const { slug } = useParams();\n  return <div dangerouslySetInnerHTML={{ __html: `<h1>${slug}</h1>` }} />; // !\n}\n',
    },
    {
      rule: 'security/unsanitized-html',
      name: 'props in dangerouslySetInnerHTML',
      filename: 'src/View.tsx',
      code: 'export function View({ html }: { html: string }) {\n  return <div dangerouslySetInnerHTML={{ __html: html }} />; // !\n}\n',
    },
  ],
};
