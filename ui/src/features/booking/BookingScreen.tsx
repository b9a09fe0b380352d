import { ScreenSummary } from '../../components/ScreenSummary';
import { usePage } from '../../PageContext';
import { Booker } from './Booker';
import { GroupList, MenuList } from './lazyParts';
import type { BookingPageData, GroupPageData, MenuPageData } from './types';

// BookingScreen: routes `bookings`, `oneTimeLink` and `appointment` (a
// service, a service with one person, a team: the booker; a group: its
// calendars to choose from), and `serviceMenu` (a menu, then its cart's booker).
export function BookingScreen() {
  const page = usePage<BookingPageData | GroupPageData | MenuPageData | null>();
  const data = page.data;
  if (data && 'calendars' in data) return <GroupList.Component data={data} />;
  if (data && 'categories' in data) return <MenuList.Component data={data} />;
  if (!data || !('calendar' in data) || !data.slots) return <ScreenSummary title="screen.bookings.title" lead="screen.bookings.lead" />;
  return <Booker key={page.path} data={data} />;
}
