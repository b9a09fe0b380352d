import table from './routes.json';
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
