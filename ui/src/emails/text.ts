import type { EmailContent, LinkGroup } from './types';

// renderText lays out the same content as the HTML for clients that show
// plain text: one fact per line, links spelled out.
export function renderText(c: EmailContent): string {
  const row = (label: string, value: string) => (label ? `${label}: ${value}` : value);
  const group = (g: LinkGroup) => [g.heading, ...g.links.map((l) => row(l.label, l.href))].join('\n');
  const blocks = [
    c.title,
    c.greeting,
    ...c.paragraphs,
    c.rows.map((r) => row(r.label, r.href && !r.href.startsWith('mailto:') && r.href !== r.value ? `${r.value} <${r.href}>` : r.value)).join('\n'),
  ];
  if (c.calendar) blocks.push(group(c.calendar));
  if (c.manage) blocks.push(group(c.manage));
  // "-- " is the signature separator mail clients recognise.
  blocks.push(`-- \n${c.business}\n${c.footer}`);
  return blocks.join('\n\n') + '\n';
}
