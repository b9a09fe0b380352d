import { ScreenSummary } from '../../components/ScreenSummary';
import { usePage } from '../../PageContext';
import { Booker } from './Booker';
import type { BookingPageData } from './types';

// BookingScreen: routes `bookings` and `appointment` (a service, or a
// service with one person). Other kinds of the appointment route (teams,
// groups) bring other data and keep their summary until they are built.
export function BookingScreen() {
  const page = usePage<BookingPageData | null>();
  const data = page.data;
  if (!data || !data.calendar || !data.slots) return <ScreenSummary />;
  return <Booker key={page.path} data={data} />;
}
