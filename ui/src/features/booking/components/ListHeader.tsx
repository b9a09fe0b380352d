import type { LocationInfo } from '../types';
import { BusinessMark } from '../../../components/BusinessMark';
import styles from './ListHeader.module.css';

// ListHeader introduces a page that lists what can be booked (a group, a
// service menu): the business, the list's name and what it is for.
export function ListHeader({ location, name, description }: { location: Pick<LocationInfo, 'name' | 'logoUrl'>; name: string; description: string }) {
  return (
    <header className={styles.header}>
      <BusinessMark location={location} />
      <h1 className={styles.title}>{name}</h1>
      {description && <p className={styles.lead}>{description}</p>}
    </header>
  );
}
