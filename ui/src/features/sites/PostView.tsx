import { FormattedDate, FormattedMessage } from '../../lib/i18n';
import { Link } from 'react-router';
import { usePage } from '../../PageContext';
import type { Post } from '../../generated/sites';
import { authorHref, blogHref, categoryHref, tagHref } from './links';
import { Picture } from './Picture';
import { RichText } from './RichText';
import styles from './Blog.module.css';

// PostView is one blog post: title, byline, cover, body, its categories and tags.
export function PostView({ post }: { post: Post }) {
  const { locale } = usePage();
  const blogPath = post.blog.path;
  return (
    <article className={styles.post}>
      <p className={styles.crumb}>
        <Link to={blogHref(locale, blogPath)}>{post.blog.title}</Link>
      </p>
      <h1>{post.title}</h1>
      <Byline post={post} blogPath={blogPath} />
      {post.cover && (
        <Picture className={styles.cover} image={post.cover} sizes="(min-width: 48rem) 42rem, 100vw" eager />
      )}
      <div className={styles.body}>
        <RichText nodes={post.body} />
      </div>
      <Labels post={post} />
    </article>
  );
}

export function Byline({ post, blogPath }: { post: Pick<Post, 'author' | 'publishedAt'>; blogPath: string }) {
  const { locale } = usePage();
  return (
    <p className={styles.byline}>
      <FormattedMessage
        id="site.blog.byline"
        values={{
          author: <Link to={authorHref(locale, blogPath, post.author.slug)}>{post.author.name}</Link>,
          date: (
            <time dateTime={post.publishedAt}>
              <FormattedDate value={post.publishedAt} dateStyle="long" timeZone="UTC" />
            </time>
          ),
        }}
      />
    </p>
  );
}

function Labels({ post }: { post: Post }) {
  const { locale } = usePage();
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
            <Link key={c.slug} className={styles.chip} to={categoryHref(locale, path, c.slug)}>
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
            <Link key={t.slug} className={styles.chip} to={tagHref(locale, path, t.slug)}>
              #{t.name}
            </Link>
          ))}
        </p>
      )}
    </footer>
  );
}
