import { Form, Link } from 'react-router';
import { Button } from '../../components/Button';
import type { AdminResponsesPageData } from '../../generated/web';
import { FormattedMessage, useIntl } from '../../lib/i18n';
import { usePage } from '../../PageContext';
import { href } from '../../routes';
import { DateFilters } from './BookingsScreen';
import styles from './Dashboard.module.css';

// ResponsesScreen: route adminResponses, the responses to the business's
// forms, quizzes and surveys, newest first. The filters are a GET form
// (the list is an address), each response shows its answers under their
// questions, and the export is the filtered list as a spreadsheet.
export function ResponsesScreen() {
  const page = usePage<AdminResponsesPageData>();
  const intl = useIntl();
  const d = page.data;
  const zone = d.frame.business.timeZone;
  const when = (iso: string) => intl.formatDate(new Date(iso), { dateStyle: 'medium', timeStyle: 'short', timeZone: zone });
  const titles = Object.fromEntries(d.forms.map((f) => [f.slug, f.title]));
  return (
    <section>
      <h1 className={styles.title}>
        <FormattedMessage id="admin.responses.heading" />
      </h1>
      <Form method="get" action={href('adminResponses', page.locale)} className={styles.filters} role="search">
        <div className={styles.filterGrid}>
          <label className={styles.filter}>
            <span>
              <FormattedMessage id="admin.responses.form" />
            </span>
            <select name="form" defaultValue={d.form}>
              <option value="">{intl.formatMessage({ id: 'admin.responses.allForms' })}</option>
              {d.forms.map((f) => (
                <option key={f.slug} value={f.slug}>
                  {f.title}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.filter}>
            <span>
              <FormattedMessage id="admin.responses.status" />
            </span>
            <select name="status" defaultValue={d.status}>
              <option value="">{intl.formatMessage({ id: 'admin.responses.anyStatus' })}</option>
              <option value="submitted">{intl.formatMessage({ id: 'admin.responses.submitted' })}</option>
              <option value="partial">{intl.formatMessage({ id: 'admin.responses.partial' })}</option>
            </select>
          </label>
          <DateFilters from={d.from} to={d.to} />
          <Button type="submit" variant="secondary">
            <FormattedMessage id="admin.filter.apply" />
          </Button>
        </div>
      </Form>
      <p className={styles.small}>
        <a href={d.export} download>
          <FormattedMessage id="admin.bookings.export" />
        </a>
      </p>
      {d.responses.length === 0 ? (
        <p className={styles.empty}>
          <FormattedMessage id="admin.responses.none" />
        </p>
      ) : (
        <ul className={styles.list}>
          {d.responses.map((r) => (
            <li key={r.id} className={styles.response}>
              <div className={styles.bookingHead}>
                <span className={styles.name}>{titles[r.form] ?? r.form}</span>
                <span className={`${styles.badge} ${r.status === 'submitted' ? styles.status_scheduled : styles.status_requested}`}>
                  <FormattedMessage id={`admin.responses.${r.status}`} />
                </span>
                {r.scored && (
                  <span className={styles.badge}>
                    <FormattedMessage id="admin.responses.score" values={{ points: r.points, max: r.max }} />
                  </span>
                )}
                <span className={styles.meta}>{when(r.submitted || r.started)}</span>
              </div>
              <dl className={styles.facts}>
                {r.answers.map((a, i) => (
                  <div key={i} className={styles.fact}>
                    <dt>{a.label}</dt>
                    <dd>{a.value}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
      {d.more && (
        <p>
          <Link className={styles.more} to={d.more}>
            <FormattedMessage id="admin.bookings.more" />
          </Link>
        </p>
      )}
    </section>
  );
}
