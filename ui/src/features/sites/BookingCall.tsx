import { Link } from 'react-router';
import { FormattedMessage } from '../../lib/i18n';
import styles from './Blog.module.css';

// BookingCall is the business's invitation to book at the end of a post
// or a page: what a reader who is convinced does next.
export function BookingCall({ book }: { book: string }) {
  return (
    <aside className={styles.call} aria-labelledby="call-title">
      <h2 id="call-title">
        <FormattedMessage id="site.blog.callTitle" />
      </h2>
      <p>
        <FormattedMessage id="site.blog.callLead" />
      </p>
      <Link className={styles.callAction} to={book}>
        <FormattedMessage id="site.blog.callAction" />
      </Link>
    </aside>
  );
}
