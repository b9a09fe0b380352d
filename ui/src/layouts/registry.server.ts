import type { Layout } from '../payload';
import type { LayoutModule } from './types';
import calendar from './calendar';
import errorLayout from './error';
import form from './form';
import page from './page';

// In V8 every layout is in the one server bundle: renderToString cannot wait
// for a chunk.
const all: Record<Layout, LayoutModule> = { calendar, form, page, error: errorLayout };

export async function loadLayout(layout: Layout): Promise<LayoutModule> {
  return all[layout];
}

export function loadedLayout(layout: Layout): LayoutModule | undefined {
  return all[layout];
}
