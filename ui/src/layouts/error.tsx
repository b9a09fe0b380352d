import { FormattedMessage } from '../lib/i18n';
import { Link } from 'react-router';
import { isExpiredLinkMessage } from '../lib/navigation';
import { usePage } from '../PageContext';
import styles from './Error.module.css';
import type { LayoutModule, LayoutProps } from './types';

function ErrorLayout({ children }: LayoutProps) {
  return <div className={styles.wrap}>{children}</div>;
}

// ErrorScreen shows the status and its message, or the expired-link page
// when the message says the link has expired.
function ErrorScreen() {
  const page = usePage();
  const message = page.statusMessage ?? '';
  // 410 Gone is what the server answers for a manage link of a past or
  // cancelled booking, in any language; the message rule is the spec's.
  const expired = isExpiredLinkMessage(message) || page.status === 410;
  // Either way the page leads on: to the home page, in the page's language.
  return (
    <main className={styles.box} data-testid={expired ? 'expired-link' : undefined}>
      {expired ? (
        <>
          <h1>
            <FormattedMessage id="error.expired.title" />
          </h1>
          <p className={styles.lead}>
            <FormattedMessage id="error.expired.lead" />
          </p>
          <p className={styles.message}>{message}</p>
        </>
      ) : (
        <>
          <p className={styles.status}>{page.status}</p>
          {/* No message: the page broke in the browser (router/routes.tsx). */}
          <h1 className={styles.message}>{message || <FormattedMessage id="error.unavailable" />}</h1>
        </>
      )}
      <Link className={styles.home} to={page.locale === 'en-US' ? '/' : `/${page.locale}`}>
        <FormattedMessage id="error.home" />
      </Link>
    </main>
  );
}

const errorLayout: LayoutModule = { Layout: ErrorLayout, screens: { error: ErrorScreen } };
export default errorLayout;
