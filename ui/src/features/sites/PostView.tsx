import { FormattedDate, FormattedMessage } from '../../lib/i18n';
import { Link } from 'react-router';
import { usePage } from '../../PageContext';
import { useTextLang } from './textLang';
import { UntranslatedNote } from './UntranslatedNote';
import type { Post } from '../../generated/sites';
import type { SiteData } from './types';
import { blogHref, categoryHref, tagHref } from './links';
import { Picture } from './Picture';
import { BookingCall } from './BookingCall';
import { Byline, PostCard } from './PostCard';
import { RichText } from './RichText';
import styles from './Blog.module.css';

// PostView is one blog post, laid out as a magazine does: title, byline
// with its reading time, cover, body at a readable measure, its categories
// and tags, then the business's invitation to book and posts to read next.
export function PostView({ post }: { post: Post }) {
  const { locale, data } = usePage<SiteData>();
  const blogPath = post.blog.path;
  const lang = useTextLang();
  // The blog's title and the cover's words are the original's.
  const originalLang = useTextLang(data.business?.lang);
  return (
    <article className={styles.post}>
      <UntranslatedNote />
      <p className={styles.crumb}>
        <Link to={blogHref(locale, blogPath)} lang={originalLang}>
          {post.blog.title}
        </Link>
      </p>
      <h1 lang={lang}>{post.title}</h1>
      <Byline post={post} blogPath={blogPath} />
      {post.cover && (
        <Picture className={styles.cover} image={post.cover} sizes="(min-width: 60rem) 57.5rem, 100vw" eager lang={originalLang} />
      )}
      <div className={styles.body} lang={lang}>
        <RichText nodes={post.body} />
      </div>
      <Labels post={post} />
      {data.book && <BookingCall book={data.book} />}
      {post.related?.length ? (
        <section className={styles.related} aria-labelledby="related-title">
          <h2 id="related-title">
            <FormattedMessage id="site.blog.related" />
          </h2>
          <ul className={styles.grid}>
            {post.related.map((p) => (
              <li key={p.slug}>
                <PostCard post={p} blogPath={blogPath} level={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

// Labels are the post's categories and tags, each marked with its
// language where the business did not translate it into the page's.
function Labels({ post }: { post: Post }) {
  const { locale, lang } = usePage();
  const own = (l?: string) => (l && l !== lang ? l : undefined);
  const path = post.blog.path;
  if (!post.categories.length && !post.tags.length) return null;
  return (
    <footer className={styles.labels}>
      {post.categories.length > 0 && (
        <p>
          <span className={styles.labelName}>
            <FormattedMessage id="site.blog.categories" />
          </span>
          {post.categories.map((c) => (
            <Link key={c.slug} className={styles.chip} to={categoryHref(locale, path, c.slug)} lang={own(c.lang)}>
              {c.name}
            </Link>
          ))}
        </p>
      )}
      {post.tags.length > 0 && (
        <p>
          <span className={styles.labelName}>
            <FormattedMessage id="site.blog.tags" />
          </span>
          {post.tags.map((t) => (
            <Link key={t.slug} className={styles.chip} to={tagHref(locale, path, t.slug)} lang={own(t.lang)}>
              #{t.name}
            </Link>
          ))}
        </p>
      )}
    </footer>
  );
}
