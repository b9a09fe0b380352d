import type { LocationInfo } from '../types';
import { BusinessMark } from '../../../components/BusinessMark';
import styles from './ListHeader.module.css';

// ListHeader introduces a page that lists what can be booked (a group, a
// service menu): the business, the list's name and what it is for.
export function ListHeader({
  location,
  name,
  description,
  lang,
}: {
  location: Pick<LocationInfo, 'name' | 'logoUrl'>;
  name: string;
  description: string;
  lang?: string; // its texts' language where it is not the page's
}) {
  return (
    <header className={styles.header} lang={lang}>
      <BusinessMark location={location} />
      <h1 className={styles.title}>{name}</h1>
      {description && <p className={styles.lead}>{description}</p>}
    </header>
  );
}
