import { useEffect, useRef, useState } from 'react';
import { useIntl } from '../../lib/i18n';
import { OWN_FRAME_NAME } from '../../lib/ownFrame';
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
export function Sections({ sections, lang }: { sections: Section[]; lang?: string }) {
  const { locale } = usePage();
  const intl = useIntl();
  return (
    <>
      {sections.map((s, i) => {
        switch (s.type) {
          case 'heading':
            return (
              <h2 key={i} lang={lang}>
                {s.text}
              </h2>
            );
          case 'text':
            return (
              <Reveal key={i} as="div" lang={lang}>
                <RichText nodes={s.body ?? []} />
              </Reveal>
            );
          case 'image':
            return s.image ? <Picture key={i} className={styles.picture} image={s.image} sizes="(min-width: 48rem) 42rem, 100vw" lang={lang} /> : null;
          case 'button':
            return (
              <p key={i}>
                <a className={styles.button} href={s.href} lang={lang}>
                  {s.text}
                </a>
              </p>
            );
          case 'booking': {
            const widget = href('bookings', locale, { slug: s.calendar ?? '' });
            const title = intl.formatMessage({ id: 'site.bookingWidget' });
            return (
              <div key={i} className={styles.widget}>
                <OwnWidget src={widget + '?embed=page'} title={title} />
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

// OwnWidget frames a widget of this website as tall as its content: the
// widget says its height whenever it changes (ui/src/lib/embedFrame.ts),
// and is asked once more when this page starts listening, in case it spoke
// first. Without JavaScript the frame keeps its fixed height and scrolls.
function OwnWidget({ src, title }: { src: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const hear = (e: MessageEvent) => {
      const data = e.data as { slotwise?: number; type?: string; height?: number } | null;
      if (e.origin !== location.origin || e.source !== frame.current?.contentWindow || data?.slotwise !== 1) return;
      const h = Number(data.height);
      if ((data.type === 'resize' || data.type === 'ready') && h > 0 && h < 100000) setHeight(Math.ceil(h));
    };
    addEventListener('message', hear);
    frame.current?.contentWindow?.postMessage({ slotwise: 1, type: 'measure' }, location.origin);
    return () => removeEventListener('message', hear);
  }, []);
  return (
    <iframe
      ref={frame}
      name={OWN_FRAME_NAME}
      className={styles.frame}
      src={src}
      title={title}
      loading="lazy"
      style={height ? { height } : undefined}
      scrolling={height ? 'no' : undefined}
    />
  );
}
