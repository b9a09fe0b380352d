import { FormattedMessage, useIntl } from '../../lib/i18n';
import { Link } from 'react-router';
import { usePage } from '../../PageContext';
import { ListHeader } from './components/ListHeader';
import { ClockIcon, SeatIcon } from '../../components/Icons';
import { formatDuration, localizedPath } from '../../lib/format';
import type { GroupPageData } from './types';
import styles from './GroupScreen.module.css';

// GroupScreen: a group's calendars (/widget/group/{groupId},
// /widget/groups/{groupSlug}); the booker picks one and books it.
export function GroupScreen({ data }: { data: GroupPageData }) {
  const page = usePage();
  const intl = useIntl();
  return (
    <div className={styles.screen}>
      <ListHeader location={data.location} name={data.name} description={data.description} lang={data.lang} />
      <h2 className={styles.choose}>
        <FormattedMessage id="booking.group.choose" />
      </h2>
      <ul className={styles.list}>
        {data.calendars.map((c) => (
          <li key={c.slug}>
            <Link className={styles.card} to={localizedPath(c.href, page.locale)}>
              <span className={styles.top}>
                <span className={styles.name} lang={c.lang}>
                  {c.name}
                </span>
                {c.price && (
                  <span className={styles.price}>{c.perPerson ? <FormattedMessage id="booking.header.perPerson" values={{ amount: c.price }} /> : c.price}</span>
                )}
              </span>
              {c.description && (
                <span className={styles.description} lang={c.lang}>
                  {c.description}
                </span>
              )}
              <span className={styles.facts}>
                <span>
                  <ClockIcon />
                  {formatDuration(intl, c.durationMinutes)}
                </span>
                {c.seats > 0 && (
                  <span>
                    <SeatIcon />
                    <FormattedMessage id="booking.header.seats" values={{ count: c.seats }} />
                  </span>
                )}
                {c.requiresConfirmation && (
                  <span>
                    <FormattedMessage id="booking.header.requiresConfirmation" />
                  </span>
                )}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
