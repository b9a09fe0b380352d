import type { Layout } from '../payload';

// The route tree's ids (routes.tsx): a layout route per layout, and under
// it a page route per path shown so far.
export const layoutRouteId = (layout: Layout) => `layout:${layout}`;

export const pageRouteId = (pathname: string) => {
  const path = routePath(pathname);
  return path === null ? 'page:*' : `page:${path}`;
};

// routePath is a URL's path as a route path that matches it and nothing
// else, or null when react-router's path syntax would read it as a pattern
// (a segment starting with ':', an optional '?', a '*'), would not match it
// (an empty segment: '//'; Go's matching skips it) or it cannot be decoded:
// the router compares decoded paths, segment by segment.
export function routePath(pathname: string): string | null {
  let segments: string[];
  try {
    segments = pathname.split('/').map((s) => decodeURIComponent(s).replace(/\//g, '%2F'));
  } catch {
    return null;
  }
  const inner = segments.slice(1, -1);
  if (inner.includes('') || segments.some((s) => s.startsWith(':') || s.includes('?') || s.includes('*'))) return null;
  return segments.join('/') || '/';
}
