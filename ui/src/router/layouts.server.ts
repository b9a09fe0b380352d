import type { Layout } from '../payload';
import admin from '../layouts/admin';
import calendar from '../layouts/calendar';
import errorLayout from '../layouts/error';
import form from '../layouts/form';
import page from '../layouts/page';
import type { LayoutSource } from '../layouts/types';

// In V8 every layout is in the one server bundle: renderToString cannot
// wait for a chunk.
export const layoutSources: Record<Layout, LayoutSource> = { calendar, form, page, error: errorLayout, admin };
