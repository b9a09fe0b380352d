import { useIntl } from '../../lib/i18n';
import { usePage } from '../../PageContext';
import type { Section } from '../../generated/sites';
import { href } from '../../routes';
import { Picture } from './Picture';
import { Reveal } from './Reveal';
import { RichText } from './RichText';
import styles from './Site.module.css';

// Sections are the blocks of a page after its text: headings, rich text,
// pictures, buttons and embedded booking widgets. A widget is the booking
// page itself in a frame (the widget is made to be framed), lazily loaded,
// with a link to it for whoever cannot use the frame.
export function Sections({ sections }: { sections: Section[] }) {
  const { locale } = usePage();
  const intl = useIntl();
  return (
    <>
      {sections.map((s, i) => {
        switch (s.type) {
          case 'heading':
            return <h2 key={i}>{s.text}</h2>;
          case 'text':
            return (
              <Reveal key={i} as="div">
                <RichText nodes={s.body ?? []} />
              </Reveal>
            );
          case 'image':
            return s.image ? <Picture key={i} className={styles.picture} image={s.image} sizes="(min-width: 48rem) 42rem, 100vw" /> : null;
          case 'button':
            return (
              <p key={i}>
                <a className={styles.button} href={s.href}>
                  {s.text}
                </a>
              </p>
            );
          case 'booking': {
            const widget = href('bookings', locale, { slug: s.calendar ?? '' });
            const title = intl.formatMessage({ id: 'site.bookingWidget' });
            return (
              <div key={i} className={styles.widget}>
                <iframe className={styles.frame} src={widget} title={title} loading="lazy" />
                <p className={styles.widgetLink}>
                  <a href={widget}>{title}</a>
                </p>
              </div>
            );
          }
          default:
            return null;
        }
      })}
    </>
  );
}
