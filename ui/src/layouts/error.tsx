import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../components/Button';
import { ContactWays } from '../components/ContactWays';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import type { APIErrorResponse } from '../generated/pages';
import type { ErrorFrame } from '../generated/web';
import { createClient } from '../lib/http';
import { FormattedMessage, useIntl } from '../lib/i18n';
import { isExpiredLinkMessage, withLocale } from '../lib/navigation';
import { usePage } from '../PageContext';
import styles from './Error.module.css';
import type { LayoutModule, LayoutProps } from './types';

function ErrorLayout({ children }: LayoutProps) {
  return <div className={styles.wrap}>{children}</div>;
}

// ErrorScreen says what went wrong in words a visitor understands and
// leads on. A widget's page wears its business's frame (data.frame): its
// name and language, and the way on it offers: its contact for a link that
// ran out, the links to one's bookings for a booking's link that leads
// nowhere, its home and what it books. Without the frame (the server
// failed) it is the status, its message and the home page.
function ErrorScreen() {
  const page = usePage();
  const message = page.statusMessage ?? '';
  const frame = (page.data as { frame?: ErrorFrame } | null)?.frame;
  // 410 Gone is what the server answers for a manage link of a past or
  // cancelled booking, in any language; the message rule is the spec's.
  const expired = isExpiredLinkMessage(message) || page.status === 410;
  const lookup = !!frame?.lookup && !expired;
  const home = frame?.home ?? withLocale('/', page.locale);
  return (
    <main className={styles.box} id="main" data-testid={expired ? 'expired-link' : undefined}>
      {frame && (
        <div className={styles.frame}>
          <Link className={styles.business} to={home}>
            {frame.name}
          </Link>
          <LanguageSwitcher />
        </div>
      )}
      {expired ? (
        <>
          <h1>
            <FormattedMessage id="error.expired.title" />
          </h1>
          <p className={styles.lead}>
            {frame ? <FormattedMessage id="error.expired.ask" values={{ business: frame.name }} /> : <FormattedMessage id="error.expired.lead" />}
          </p>
          {frame && <ContactWays ways={frame.contact} />}
          {message && <p className={styles.detail}>{message}</p>}
        </>
      ) : frame ? (
        <>
          <h1>
            <FormattedMessage id={lookup ? 'error.manage.title' : 'error.widget.title'} />
          </h1>
          <p className={styles.lead}>
            <FormattedMessage id={lookup ? 'error.manage.lead' : 'error.widget.lead'} />
          </p>
          {lookup && <LinksForm />}
          {message && <p className={styles.detail}>{message}</p>}
        </>
      ) : (
        <>
          <p className={styles.status}>{page.status}</p>
          {/* No message: the page broke in the browser (router/routes.tsx). */}
          <h1 className={styles.message}>{message || <FormattedMessage id="error.unavailable" />}</h1>
        </>
      )}
      <p className={styles.ways}>
        {frame?.book && (
          <Link className={lookup ? styles.second : styles.home} to={frame.book}>
            <FormattedMessage id="error.way.book" />
          </Link>
        )}
        <Link className={frame?.book ? styles.second : styles.home} to={home}>
          {frame ? <FormattedMessage id="error.way.home" values={{ business: frame.name }} /> : <FormattedMessage id="error.home" />}
        </Link>
      </p>
    </main>
  );
}

// LinksForm asks for the address the visitor booked with and has the
// links to its upcoming bookings mailed to it. The answer is the same for
// every address. Without JavaScript the form posts to this page, which
// comes back saying how it went (?links=sent, invalid or limited).
const api = createClient('');

function LinksForm() {
  const page = usePage();
  const intl = useIntl();
  const said = new URLSearchParams(page.path.split('?')[1] ?? '').get('links');
  const [sent, setSent] = useState(said === 'sent' ? intl.formatMessage({ id: 'error.links.sent' }) : '');
  const [problem, setProblem] = useState(
    said === 'invalid' ? intl.formatMessage({ id: 'validation.emailInvalid' }) : said === 'limited' ? intl.formatMessage({ id: 'error.tooManyRequests' }) : '',
  );
  const [busy, setBusy] = useState(false);
  if (sent) {
    return (
      <p className={styles.sent} role="status">
        {sent}
      </p>
    );
  }
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    try {
      const email = new FormData(e.currentTarget).get('booking-links');
      const { status, body } = await api<{ message?: string } & Partial<APIErrorResponse>>('/api/booking-links', {
        init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, locale: page.locale }) },
      });
      if (status === 202) setSent(body.message ?? '');
      else setProblem(body.error?.fields?.email?.message ?? body.error?.message ?? '');
    } catch {
      setProblem(intl.formatMessage({ id: 'error.unavailable' }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={styles.links} method="post" onSubmit={submit} noValidate>
      <label htmlFor="booking-links">
        <FormattedMessage id="error.links.email" />
      </label>
      <input
        id="booking-links"
        name="booking-links"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'booking-links-problem' : undefined}
      />
      {problem && (
        <p id="booking-links-problem" className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        <FormattedMessage id="error.links.send" />
      </Button>
    </form>
  );
}

const errorLayout: LayoutModule = { Layout: ErrorLayout, screens: { error: ErrorScreen } };
export default errorLayout;
