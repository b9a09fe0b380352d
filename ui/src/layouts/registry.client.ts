import type { Layout } from '../payload';
import type { LayoutModule } from './types';
import errorLayout from './error';

// In the browser each layout is a chunk of its own, loaded before a page of
// that layout hydrates or is navigated to. The error layout ships in the
// entry, so an error can always be shown.
const chunks: Record<Exclude<Layout, 'error'>, () => Promise<{ default: LayoutModule }>> = {
  calendar: () => import(/* webpackChunkName: "layout-calendar" */ './calendar'),
  form: () => import(/* webpackChunkName: "layout-form" */ './form'),
  page: () => import(/* webpackChunkName: "layout-page" */ './page'),
};

const loaded: Partial<Record<Layout, LayoutModule>> = { error: errorLayout };

export async function loadLayout(layout: Layout): Promise<LayoutModule> {
  const have = loaded[layout];
  if (have) return have;
  const mod = (await chunks[layout as Exclude<Layout, 'error'>]()).default;
  loaded[layout] = mod;
  return mod;
}

export function loadedLayout(layout: Layout): LayoutModule | undefined {
  return loaded[layout];
}
