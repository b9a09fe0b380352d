import { ScreenSummary } from '../../components/ScreenSummary';
import { usePage } from '../../PageContext';
import { Booker } from './Booker';
import { GroupScreen } from './GroupScreen';
import type { BookingPageData, GroupPageData } from './types';

// BookingScreen: routes `bookings`, `oneTimeLink` and `appointment` (a
// service, a service with one person, a team: the booker; a group: its
// calendars to choose from).
export function BookingScreen() {
  const page = usePage<BookingPageData | GroupPageData | null>();
  const data = page.data;
  if (data && 'calendars' in data) return <GroupScreen data={data} />;
  if (!data || !('calendar' in data) || !data.slots) return <ScreenSummary />;
  return <Booker key={page.path} data={data} />;
}
