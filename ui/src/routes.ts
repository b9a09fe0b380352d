import table from './routes.json';
import { withLocale } from './lib/navigation';
import type { Layout } from './payload';

export interface RouteEntry {
  name: string;
  layout: Layout;
  paths: { path: string; kind?: string }[];
  keepScroll?: boolean;
}

// The one route table, shared with Go (which does the matching).
export const routes: RouteEntry[] = table.routes as RouteEntry[];

export function routeByName(name: string): RouteEntry | undefined {
  return routes.find((r) => r.name === name);
}

// href builds the link to a page from its route name and parameters, in a
// language: the client's twin of Go's route.Table.Href, so no page path is
// written outside routes.json. kind picks one of the route's path shapes
// (the first by default). It throws on a route, shape or parameter that
// does not exist: such a link is a bug, never a visitor's doing.
export function href(
  name: string,
  locale: string,
  params: Record<string, string> = {},
  opts: { kind?: string; query?: Record<string, string> } = {},
): string {
  const route = routeByName(name);
  // Of several shapes of the kind, the first whose parameters are exactly
  // those given (Go's route.Table.Path chooses alike), else the first.
  const shapes = route?.paths.filter((p) => opts.kind === undefined || p.kind === opts.kind) ?? [];
  const given = Object.keys(params).filter((k) => params[k]).sort().join(',');
  const names = (path: string) => [...path.matchAll(/\{(\w+)\+?\}/g)].map((m) => m[1]).sort().join(',');
  const spec = shapes.find((p) => names(p.path) === given) ?? shapes[0];
  if (!route || !spec) throw new Error(`no route ${name}${opts.kind ? ` of kind ${opts.kind}` : ''}`);
  const path = spec.path.replace(/\{(\w+)(\+?)\}/g, (_, param: string, splat: string) => {
    const value = params[param];
    if (!value) throw new Error(`route ${name} needs {${param}}`);
    const parts = splat ? value.replace(/^\/+|\/+$/g, '').split('/') : [value];
    return parts.map(encodeURIComponent).join('/');
  });
  const query = opts.query ? new URLSearchParams(opts.query).toString() : '';
  return withLocale(path, locale) + (query ? `?${query}` : '');
}
