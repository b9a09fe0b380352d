import { FormattedDate, FormattedMessage } from '../../lib/i18n';
import { usePage } from '../../PageContext';
import { useTextLang } from './textLang';
import { UntranslatedNote } from './UntranslatedNote';
import { PostList } from './PostList';
import { CollectionView, ProductView } from './ProductView';
import { PostView } from './PostView';
import { Reveal } from './Reveal';
import { Sections } from './Sections';
import { BookingCall } from './BookingCall';
import styles from './Site.module.css';
import type { SiteData } from './types';

// WebsitePage is the one page view of the website: a page, a blog post, or
// a listing of a blog's posts (the blog's, a category's, an author's, a
// tag's), a product, or a collection of products.
export function WebsitePage() {
  const page = usePage<SiteData>();
  if (page.data.preview) {
    return (
      <>
        <p className={styles.previewNote} role="note">
          <FormattedMessage id="site.previewNote" />
        </p>
        <Content />
      </>
    );
  }
  return <Content />;
}

function Content() {
  const page = usePage<SiteData>();
  if (page.data.post) return <PostView post={page.data.post} />;
  if (page.data.listing) return <PostList listing={page.data.listing} />;
  if (page.data.product) return <ProductView product={page.data.product} shop={page.data.shop} />;
  if (page.data.collection) return <CollectionView collection={page.data.collection} shop={page.data.shop} />;
  const content = page.data.page;
  // Go's loaders send a page, a post, a listing, a product or a collection.
  if (!content) throw new Error('a website page without its content');
  return <PageView content={content} />;
}

function PageView({ content }: { content: NonNullable<SiteData['page']> }) {
  const page = usePage<SiteData>();
  const lang = useTextLang();
  return (
    <article className={styles.article}>
      <UntranslatedNote />
      <h1 lang={lang}>{content.title}</h1>
      <p className={styles.meta}>
        <FormattedMessage
          id="site.updated"
          values={{ date: <FormattedDate value={content.updatedAt} dateStyle="long" timeZone="UTC" /> }}
        />
      </p>
      {(content.paragraphs ?? []).map((p, i) => (
        <Reveal key={i} as="div">
          <p lang={lang}>{p}</p>
        </Reveal>
      ))}
      <Sections sections={content.sections ?? []} lang={lang} />
      {/* A page that books nothing itself ends with the way to book. */}
      {page.data.book && !(content.sections ?? []).some((s) => s.type === 'booking') && <BookingCall book={page.data.book} />}
    </article>
  );
}

