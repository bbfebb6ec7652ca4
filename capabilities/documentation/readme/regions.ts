/**
 * Generated README sections live between markers, so a re-run replaces only what it generated and
 * never human text: `<!-- agentd:begin <id> -->` … `<!-- agentd:end <id> -->`. A section whose region
 * is missing is appended at the end of the file; a region whose section is no longer generated is left
 * alone (the human may have kept it on purpose).
 */
export interface Section {
  id: string;
  /** Markdown, heading included. */
  body: string;
}

const begin = (id: string): string => `<!-- agentd:begin ${id} -->`;
const end = (id: string): string => `<!-- agentd:end ${id} -->`;

export const region = (section: Section): string => `${begin(section.id)}\n${section.body.trim()}\n${end(section.id)}`;

export interface Merged {
  text: string;
  replaced: string[];
  appended: string[];
  unchanged: string[];
}

export function mergeSections(existing: string, sections: Section[]): Merged {
  let text = existing;
  const merged: Merged = { text, replaced: [], appended: [], unchanged: [] };
  for (const section of sections) {
    const start = text.indexOf(begin(section.id));
    const stop = start === -1 ? -1 : text.indexOf(end(section.id), start);
    if (start !== -1 && stop !== -1) {
      const next = text.slice(0, start) + region(section) + text.slice(stop + end(section.id).length);
      (next === text ? merged.unchanged : merged.replaced).push(section.id);
      text = next;
    } else {
      text = `${text.replace(/\s*$/, '')}\n\n${region(section)}\n`;
      merged.appended.push(section.id);
    }
  }
  merged.text = text;
  return merged;
}
