import { FormattedDate, FormattedMessage } from '../../lib/i18n';
import { Link } from 'react-router';
import { usePage } from '../../PageContext';
import { useTextLang } from './textLang';
import type { Post, PostSummary } from '../../generated/sites';
import { authorHref, postHref } from './links';
import { Picture } from './Picture';
import styles from './Blog.module.css';

interface Props {
  post: PostSummary;
  blogPath: string;
  level: 2 | 3; // the heading's level where the card stands
  featured?: boolean; // the first of a listing: wider, its cover beside the text
}

// PostCard is a post in a list: its cover, title (the link), byline and
// excerpt. The whole card is one target: the title's link covers it.
export function PostCard({ post, blogPath, level, featured = false }: Props) {
  const { locale } = usePage();
  const lang = useTextLang(post.lang);
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <article className={featured ? `${styles.card} ${styles.featured}` : styles.card}>
      {post.cover ? (
        <Picture className={styles.thumb} image={post.cover} alt="" sizes={featured ? '(min-width: 60rem) 34rem, 100vw' : '(min-width: 60rem) 18rem, (min-width: 40rem) 50vw, 100vw'} eager={featured} />
      ) : (
        <span className={styles.noThumb} aria-hidden="true" />
      )}
      <div className={styles.cardText}>
        <Heading lang={lang}>
          <Link className={styles.cardLink} to={postHref(locale, blogPath, post.slug)}>
            {post.title}
          </Link>
        </Heading>
        <Byline post={post} blogPath={blogPath} />
        {post.excerpt && <p lang={lang}>{post.excerpt}</p>}
      </div>
    </article>
  );
}

// Byline: who wrote a post, when, and how long it takes to read.
export function Byline({ post, blogPath }: { post: Pick<Post, 'author' | 'publishedAt' | 'readingMinutes'>; blogPath: string }) {
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
      {' · '}
      <FormattedMessage id="site.blog.readingTime" values={{ minutes: post.readingMinutes }} />
    </p>
  );
}
