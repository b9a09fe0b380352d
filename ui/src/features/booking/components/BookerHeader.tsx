import { FormattedMessage, useIntl } from '../../../lib/i18n';
import { formatDuration } from '../../../lib/format';
import { BusinessMark } from '../../../components/BusinessMark';
import type { CalendarInfo, LocationInfo, LocationOption, TeamInfo } from '../types';
import styles from './BookerHeader.module.css';
import { ClockIcon, PersonIcon, PinIcon, SeatIcon, TagIcon } from '../../../components/Icons';

interface Props {
  calendar: CalendarInfo;
  location: LocationInfo;
  // staffName: the one person it is with, when there is no choice.
  staffName?: string | null;
  compact?: boolean;
  team?: TeamInfo | null; // a team's page: the team, then what it offers
}

// BookerHeader introduces what is booked: the business, the service, how
// long it takes, with whom, where and for how much.
export function BookerHeader({ calendar, location, staffName, compact, team }: Props) {
  const intl = useIntl();
  const place = calendar.fields.location !== 'hidden' && calendar.locationOptions?.length === 1 ? calendar.locationOptions[0] : null;
  // The price and how it is paid, as the server wrote them in the page's
  // language; a free calendar says so.
  const price = calendar.price;
  // A team's page says what the team is, else what the service is.
  const about = team?.description ? team : calendar;
  return (
    <header className={compact ? `${styles.header} ${styles.compact}` : styles.header}>
      <BusinessMark location={location} />
      {team && (
        <p className={styles.team} lang={team.lang}>
          {team.name}
        </p>
      )}
      <h1 className={styles.title} lang={calendar.lang}>
        {calendar.name}
      </h1>
      <ul className={styles.facts}>
        <li>
          <ClockIcon />
          <span>{formatDuration(intl, calendar.durationMinutes)}</span>
        </li>
        {staffName && (
          <li>
            <PersonIcon />
            <span>
              <FormattedMessage id="booking.header.with" values={{ name: staffName }} />
            </span>
          </li>
        )}
        {calendar.seats > 0 && (
          <li>
            <SeatIcon />
            <span>
              <FormattedMessage id="booking.header.seats" values={{ count: calendar.seats }} />
            </span>
          </li>
        )}
        {place && (
          <li>
            <PinIcon />
            <span>{locationLabel(intl, place)}</span>
          </li>
        )}
        <li>
          <TagIcon />
          <span>
            {!price ? (
              <FormattedMessage id="booking.header.free" />
            ) : price.perPerson ? (
              <FormattedMessage id="booking.header.perPerson" values={{ amount: price.label }} />
            ) : (
              price.label
            )}
          </span>
        </li>
      </ul>
      {price?.how && <p className={styles.how}>{price.how}</p>}
      {calendar.requiresConfirmation && (
        <p className={styles.note}>
          <FormattedMessage id="booking.header.requiresConfirmation" />
        </p>
      )}
      {!compact && about.description && (
        <p className={styles.description} lang={about.lang}>
          {about.description}
        </p>
      )}
    </header>
  );
}


// locationLabel names a place: an address as it is, a call or a video
// meeting by its kind.
export function locationLabel(intl: ReturnType<typeof useIntl>, opt: LocationOption): string {
  switch (opt.kind) {
    case 'phone':
      return opt.value ? intl.formatMessage({ id: 'booking.location.phoneWith' }, { phone: opt.value }) : intl.formatMessage({ id: 'booking.location.phone' });
    case 'video':
      return intl.formatMessage({ id: 'booking.location.video' });
    case 'booker':
      return intl.formatMessage({ id: 'booking.location.booker' });
    default:
      return opt.value;
  }
}
