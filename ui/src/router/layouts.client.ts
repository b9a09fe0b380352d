import type { Layout } from '../payload';
import type { LayoutSource } from '../layouts/types';

// In the browser each layout is a lazy route module (routes.tsx): a chunk
// of its own, loaded the first time a page of that layout is shown. The
// error layout's is fetched once the browser is idle (browser.ts), so an
// error shows at once; a fetch that fails shows a bare error screen
// (elements.tsx).
export const layoutSources: Record<Layout, LayoutSource> = {
  calendar: () => import(/* webpackChunkName: "layout-calendar" */ '../layouts/calendar').then((m) => m.default),
  form: () => import(/* webpackChunkName: "layout-form" */ '../layouts/form').then((m) => m.default),
  page: () => import(/* webpackChunkName: "layout-page" */ '../layouts/page').then((m) => m.default),
  error: () => import(/* webpackChunkName: "layout-error" */ '../layouts/error').then((m) => m.default),
  admin: () => import(/* webpackChunkName: "layout-admin" */ '../layouts/admin').then((m) => m.default),
};
