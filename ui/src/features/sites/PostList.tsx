import { FormattedMessage, useIntl } from '../../lib/i18n';
import { Link } from 'react-router';
import { usePage } from '../../PageContext';
import { useTextLang } from './textLang';
import type { Listing } from '../../generated/sites';
import { withLocale } from '../../lib/navigation';
import { PostCard } from './PostCard';
import { Reveal } from './Reveal';
import styles from './Blog.module.css';

// PostList is a page of a blog's posts: the blog's, a category's, an
// author's or a tag's, newest first, with links to newer and older pages.
// The newest post of the first page leads, wide; the rest stand in a grid.
export function PostList({ listing }: { listing: Listing }) {
  const page = usePage();
  const { locale, basePath } = page;
  const intl = useIntl();
  const path = listing.blog.path;
  const description = listing.category?.description || listing.author?.bio || (listing.kind === 'blog' ? listing.blog.description : '');
  // The business's words: a blog's title is its heading; a category's,
  // an author's or a tag's heading says what it is in the page's words.
  const lang = useTextLang();
  // A category's or a tag's name in the page's words says its language
  // where the business did not translate it into the page's.
  const named = listing.category ?? listing.tag;
  return (
    <section className={styles.listing} aria-labelledby="listing-title">
      <h1 id="listing-title" lang={listing.kind === 'blog' ? lang : undefined}>
        {named ? (
          <FormattedMessage
            id={listing.category ? 'site.blog.categoryTitle' : 'site.blog.tagTitle'}
            values={{ name: <span lang={named.lang && named.lang !== page.lang ? named.lang : undefined}>{named.name}</span> }}
          />
        ) : (
          listing.heading
        )}
      </h1>
      {description && (
        <p className={styles.lead} lang={lang}>
          {description}
        </p>
      )}
      <p className={styles.count}>
        <FormattedMessage id="site.blog.count" values={{ count: listing.total }} />
      </p>
      {listing.posts.length === 0 ? (
        <p className={styles.empty}>
          <FormattedMessage id="site.blog.empty" />
        </p>
      ) : (
        <ol className={styles.grid}>
          {listing.posts.map((p, i) => (
            <li key={p.slug} className={i === 0 && listing.page === 1 ? styles.first : undefined}>
              <Reveal as="div">
                <PostCard post={p} blogPath={path} level={2} featured={i === 0 && listing.page === 1} />
              </Reveal>
            </li>
          ))}
        </ol>
      )}
      {listing.pages > 1 && (
        <nav className={styles.pager} aria-label={intl.formatMessage({ id: 'site.blog.pages' })}>
          {listing.page > 1 ? (
            <Link rel="prev" to={pageHref(basePath, listing.page - 1, locale)}>
              <FormattedMessage id="site.blog.newer" />
            </Link>
          ) : (
            <span />
          )}
          <span>
            <FormattedMessage id="site.blog.pageOf" values={{ page: listing.page, pages: listing.pages }} />
          </span>
          {listing.page < listing.pages ? (
            <Link rel="next" to={pageHref(basePath, listing.page + 1, locale)}>
              <FormattedMessage id="site.blog.older" />
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </section>
  );
}

// pageHref is a page of the same listing; page 1 is the listing itself.
function pageHref(basePath: string, page: number, locale: string): string {
  return withLocale(basePath, locale) + (page > 1 ? `?page=${page}` : '');
}
