import { href } from '../../routes';

// The canonical links of the blog (the server answers any other shape of
// them with a 301): a post's ends in a slash, as the spec writes it.
export const blogHref = (locale: string, path: string) => href('website', locale, { path }, { kind: 'page' });
export const postHref = (locale: string, path: string, slug: string) => href('website', locale, { path, slug }, { kind: 'post' }) + '/';
export const categoryHref = (locale: string, path: string, categorySlug: string) => href('website', locale, { path, categorySlug }, { kind: 'category' });
export const authorHref = (locale: string, path: string, authorSlug: string) => href('website', locale, { path, authorSlug }, { kind: 'author' });
export const tagHref = (locale: string, path: string, tagSlug: string) => href('website', locale, { path, tagSlug }, { kind: 'tag' });
export const productHref = (locale: string, productId: string) => href('website', locale, { productId }, { kind: 'product' }) + '/';
export const collectionHref = (locale: string, collectionSlug: string) => href('website', locale, { collectionSlug }, { kind: 'collection' });
