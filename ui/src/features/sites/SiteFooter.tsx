import { FormattedMessage, useIntl } from '../../lib/i18n';
import styles from './SiteFooter.module.css';
import type { SiteData } from './types';

type Business = NonNullable<SiteData['business']>;

// SiteFooter is how the business is reached, at the foot of every page of
// its website: where it is, how to call or write, when it is open, and its
// legal pages.
export function SiteFooter({ business }: { business: SiteData['business'] }) {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        {business && <Reach b={business} />}
        {business?.legal && (
          <ul className={styles.legal}>
            {business.legal.map((l) => (
              <li key={l.kind}>
                <a href={l.href}>
                  <FormattedMessage id={`site.legal.${l.kind}`} />
                </a>
              </li>
            ))}
          </ul>
        )}
        <p className={styles.served}>
          <FormattedMessage id="site.footer" />
        </p>
      </div>
    </footer>
  );
}

function Reach({ b }: { b: Business }) {
  const ways = [
    b.phoneHref && <a href={b.phoneHref}>{b.phone}</a>,
    b.email && <a href={`mailto:${b.email}`}>{b.email}</a>,
    b.contact && (
      <a href={b.contact}>
        <FormattedMessage id="contact.form" />
      </a>
    ),
  ].filter(Boolean);
  return (
    <div className={styles.columns}>
      <section>
        <h2>{b.name}</h2>
        {b.address && <address>{b.address.join('\n')}</address>}
        {b.mapUrl && (
          <a href={b.mapUrl} rel="noopener">
            <FormattedMessage id="site.footer.map" />
          </a>
        )}
      </section>
      {ways.length > 0 && (
        <section>
          <h2>
            <FormattedMessage id="site.footer.contact" />
          </h2>
          <ul>
            {ways.map((w, i) => (
              <li key={i}>{w}</li>
            ))}
          </ul>
        </section>
      )}
      {b.hours && <Hours hours={b.hours} />}
    </div>
  );
}

// Hours names the days and times in the page's language (2024-01-01 was a
// Monday; the times are wall-clock, so read in UTC).
function Hours({ hours }: { hours: Business['hours'] & object }) {
  const { locale } = useIntl();
  const day = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  const at = (hm: string) => time.format(Date.UTC(2024, 0, 1, +hm.slice(0, 2), +hm.slice(3)));
  const days = (d: number) => day.format(Date.UTC(2024, 0, d));
  return (
    <section>
      <h2>
        <FormattedMessage id="site.footer.hours" />
      </h2>
      <dl className={styles.hours}>
        {hours.map((o) => (
          <div key={o.from}>
            <dt>{o.from === o.to ? days(o.from) : `${days(o.from)}–${days(o.to)}`}</dt>
            <dd>{o.spans.map((s) => `${at(s.slice(0, 5))}–${at(s.slice(6))}`).join(', ')}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
