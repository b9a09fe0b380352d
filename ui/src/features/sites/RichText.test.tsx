import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { RichNode } from '../../generated/sites';
import { RichText } from './RichText';

const html = (nodes: RichNode[]) => renderToStaticMarkup(<RichText nodes={nodes} />);

describe('RichText', () => {
  it.each<[string, RichNode[], string]>([
    ['draws the elements it knows', [{ t: 'p', c: [{ x: 'a ' }, { t: 'strong', c: [{ x: 'b' }] }] }], '<p>a <strong>b</strong></p>'],
    ['escapes text, never takes it as HTML', [{ t: 'p', c: [{ x: '<img src=x onerror=alert(1)>' }] }], '<p>&lt;img src=x onerror=alert(1)&gt;</p>'],
    ['keeps site and web links, web ones without the opener', [{ t: 'a', href: '/about', c: [{ x: 's' }] }, { t: 'a', href: 'https://e.example/', c: [{ x: 'w' }] }],
      '<a href="/about">s</a><a href="https://e.example/" rel="noopener noreferrer">w</a>'],
    ['shows a link to anything else as its text', [{ t: 'a', href: 'javascript:alert(1)', c: [{ x: 'x' }] }, { t: 'a', href: '//evil.example', c: [{ x: 'y' }] }],
      '<span>x</span><span>y</span>'],
    ['shows an element it does not know as its children', [{ t: 'script', c: [{ x: 'alert(1)' }] }, { t: 'img', c: [] }], '<span>alert(1)</span><span></span>'],
  ])('%s', (_name, nodes, want) => {
    expect(html(nodes)).toBe(want);
  });
});
