import { useState } from 'react';
import { FormattedMessage, useIntl } from '../lib/i18n';
import { CONSENT_COOKIE, setPreference } from '../lib/cookies';
import { Button } from './Button';
import styles from './CookieBanner.module.css';

type Consent = '' | 'essential' | 'all';

// CookieBanner asks once; the answer is kept in a cookie for a year and sent
// with every request, so the server renders the page without the banner.
export function CookieBanner({ initial, overlay = false }: { initial: Consent; overlay?: boolean }) {
  const intl = useIntl();
  const [consent, setConsent] = useState<Consent>(initial);
  if (consent) return null;
  const choose = (value: Exclude<Consent, ''>) => {
    setPreference(CONSENT_COOKIE, value);
    setConsent(value);
  };
  return (
    <section className={overlay ? `${styles.banner} ${styles.overlay}` : styles.banner} role="region" aria-label={intl.formatMessage({ id: 'cookies.label' })} data-testid="cookie-banner">
      <p className={styles.text}>
        <FormattedMessage id="cookies.text" />
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => choose('essential')}>
          <FormattedMessage id="cookies.acceptEssential" />
        </Button>
        <Button onClick={() => choose('all')}>
          <FormattedMessage id="cookies.acceptAll" />
        </Button>
      </div>
    </section>
  );
}
