import { createElement, type ReactNode } from 'react';
import type { RichNode } from '../../generated/sites';

// RichText draws a post's body from its tree (sanitised on the server,
// backend/internal/sites/richtext.go) as React elements: the page never
// takes an author's HTML as HTML. An element this does not know shows its
// children only, so a newer server cannot make an older bundle render
// something unsafe.
const ELEMENTS = new Set(['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'strong', 'em']);

export function RichText({ nodes }: { nodes: RichNode[] | null }) {
  return <>{(nodes ?? []).map(draw)}</>;
}

function draw(n: RichNode, i: number): ReactNode {
  if (!n.t) return n.x ?? '';
  const children = (n.c ?? []).map(draw);
  if (n.t === 'br') return <br key={i} />;
  if (n.t === 'a' && n.href && /^(https?:\/\/|mailto:|\/(?!\/))/i.test(n.href)) {
    const external = /^https?:\/\//i.test(n.href);
    return (
      <a key={i} href={n.href} rel={external ? 'noopener noreferrer' : undefined}>
        {children}
      </a>
    );
  }
  if (ELEMENTS.has(n.t)) return createElement(n.t, { key: i }, ...children);
  return <span key={i}>{children}</span>;
}
