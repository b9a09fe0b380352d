import { FormattedMessage, useIntl } from '../../lib/i18n';
import { Link } from 'react-router';
import { usePage } from '../../PageContext';
import type { Listing } from '../../generated/sites';
import { Picture } from './Picture';
import { Byline } from './PostView';
import { withLocale } from '../../lib/navigation';
import { postHref } from './links';
import { Reveal } from './Reveal';
import styles from './Blog.module.css';

// PostList is a page of a blog's posts: the blog's, a category's, an
// author's or a tag's, newest first, with links to newer and older pages.
export function PostList({ listing }: { listing: Listing }) {
  const { locale, basePath } = usePage();
  const intl = useIntl();
  const path = listing.blog.path;
  const description = listing.category?.description || listing.author?.bio || (listing.kind === 'blog' ? listing.blog.description : '');
  return (
    <section className={styles.listing} aria-labelledby="listing-title">
      <h1 id="listing-title">{listing.heading}</h1>
      {description && <p className={styles.lead}>{description}</p>}
      <p className={styles.count}>
        <FormattedMessage id="site.blog.count" values={{ count: listing.total }} />
      </p>
      {listing.posts.length === 0 ? (
        <p className={styles.empty}>
          <FormattedMessage id="site.blog.empty" />
        </p>
      ) : (
        <ol className={styles.cards}>
          {listing.posts.map((p) => (
            <li key={p.slug}>
              <Reveal as="div">
                <article className={styles.card}>
                  {p.cover && <Picture className={styles.thumb} image={p.cover} alt="" sizes="(min-width: 48rem) 44rem, 100vw" />}
                  <h2>
                    <Link to={postHref(locale, path, p.slug)}>{p.title}</Link>
                  </h2>
                  <Byline post={p} blogPath={path} />
                  {p.excerpt && <p>{p.excerpt}</p>}
                </article>
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
