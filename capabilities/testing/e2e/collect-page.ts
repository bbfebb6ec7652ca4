/**
 * The script testing.e2e's probe evaluates in each page (as source text: agentd is compiled without the
 * DOM types): the title, the visible h1–h3 texts, up to 8 visible texts of paragraphs, list items,
 * labels, cells and buttons (2–160 characters, unique on the page, found in the body's innerText as
 * they are), the links (text and absolute href) and the forms (action, fields with their constraints,
 * the submit button's text).
 */
import type { FieldFact } from './field-values.js';

export interface Collected {
  title: string;
  headings: string[];
  texts: string[];
  links: { text: string; href: string }[];
  forms: { visible: boolean; action: string | null; method: string; submitText: string | null; fields: FieldFact[] }[];
}

export const COLLECT_PAGE = `() => {
  const visible = (el) => el.checkVisibility ? el.checkVisibility() : el.offsetParent !== null;
  const clean = (t) => (t || '').replace(/\\s+/g, ' ').trim();
  const body = document.body ? document.body.innerText : '';
  const headings = [...document.querySelectorAll('h1, h2, h3')].filter(visible).map((h) => clean(h.innerText)).filter(Boolean);
  const counts = new Map();
  const candidates = [...document.querySelectorAll('p, li, label, td, th, dt, dd, button, figcaption, blockquote')]
    .filter(visible)
    .map((el) => clean(el.innerText))
    .filter((t) => t.length >= 2 && t.length <= 160 && body.includes(t));
  for (const t of candidates) counts.set(t, (counts.get(t) || 0) + 1);
  const texts = [...new Set(candidates)].filter((t) => counts.get(t) === 1 && !headings.includes(t)).slice(0, 8);
  const links = [...document.querySelectorAll('a[href]')].filter(visible).map((a) => ({ text: clean(a.innerText), href: a.href }));
  const forms = [...document.querySelectorAll('form')].map((form) => {
    const submit = form.querySelector('button[type="submit"], input[type="submit"], button:not([type])');
    const fields = [...form.querySelectorAll('input, select, textarea')].map((el) => ({
      tag: el.tagName.toLowerCase(),
      type: el.tagName === 'INPUT' ? (el.getAttribute('type') || 'text').toLowerCase() : el.tagName.toLowerCase(),
      name: el.getAttribute('name') || '',
      value: el.getAttribute('value') || '',
      required: el.required === true,
      min: el.getAttribute('min'),
      max: el.getAttribute('max'),
      minLength: el.minLength > 0 ? el.minLength : 0,
      maxLength: el.maxLength > 0 ? el.maxLength : 0,
      pattern: el.getAttribute('pattern'),
      options: el.tagName === 'SELECT' ? [...el.options].map((o) => o.value) : [],
    }));
    return {
      visible: visible(form),
      action: form.getAttribute('action'),
      method: (form.getAttribute('method') || 'get').toLowerCase(),
      submitText: submit ? clean(submit.innerText || submit.value) : null,
      fields,
    };
  });
  return { title: document.title, headings, texts, links, forms };
}`;
