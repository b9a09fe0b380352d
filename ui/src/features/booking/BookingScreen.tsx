import { usePage } from '../../PageContext';
import { Booker } from './Booker';
import { GroupList, MenuList } from './lazyParts';
import type { BookingPageData, GroupPageData, MenuPageData } from './types';

// BookingScreen: routes `bookings`, `oneTimeLink` and `appointment` (a
// service, a service with one person, a team: the booker; a group: its
// calendars to choose from), and `serviceMenu` (a menu, then its cart's booker).
// Go's loaders always send one of those; anything else is a bug, thrown to
// the route's error element (the error screen).
export function BookingScreen() {
  const page = usePage<BookingPageData | GroupPageData | MenuPageData | null>();
  const data = page.data;
  if (data && 'calendars' in data) return <GroupList.Component data={data} />;
  if (data && 'categories' in data) return <MenuList.Component data={data} />;
  if (!data || !('calendar' in data)) throw new Error(`the ${page.route} page has no calendar, group or menu`);
  return <Booker key={page.path} data={data} />;
}
