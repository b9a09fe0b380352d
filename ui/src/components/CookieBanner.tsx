import { useState } from 'react';
import { FormattedMessage, useIntl } from '../lib/i18n';
import { CONSENT_COOKIE, setPreference } from '../lib/cookies';
import { Button } from './Button';
import styles from './CookieBanner.module.css';

type Consent = '' | 'essential' | 'all';

// CONSENT_FIELD is the field the banner's form posts (backend/internal/web
// preferences.go): without JavaScript the server keeps the answer and
// sends the visitor back to the same page.
export const CONSENT_FIELD = 'cookie-consent';

// CookieBanner asks once; the answer is kept in a cookie for a year and sent
// with every request, so the server renders the page without the banner.
// It links to the business's privacy policy.
// It stands over the page's foot instead of pushing the page down, so the
// first screen is the page's own.
export function CookieBanner({ initial, privacy }: { initial: Consent; privacy?: string }) {
  const intl = useIntl();
  const [consent, setConsent] = useState<Consent>(initial);
  if (consent) return null;
  return (
    <section className={styles.banner} role="region" aria-label={intl.formatMessage({ id: 'cookies.label' })} data-testid="cookie-banner">
      <form
        className={styles.form}
        method="post"
        onSubmit={(e) => {
          const value = (e.nativeEvent as SubmitEvent).submitter?.getAttribute('value');
          if (value !== 'essential' && value !== 'all') return; // the server answers
          e.preventDefault();
          setPreference(CONSENT_COOKIE, value);
          setConsent(value);
        }}
      >
        <p className={styles.text}>
          <FormattedMessage id="cookies.text" />
          {privacy && (
            <>
              {' '}
              <a href={privacy}>
                <FormattedMessage id="site.legal.privacy" />
              </a>
            </>
          )}
        </p>
        <div className={styles.actions}>
          <Button type="submit" name={CONSENT_FIELD} value="essential" variant="secondary">
            <FormattedMessage id="cookies.acceptEssential" />
          </Button>
          <Button type="submit" name={CONSENT_FIELD} value="all">
            <FormattedMessage id="cookies.acceptAll" />
          </Button>
        </div>
      </form>
    </section>
  );
}
