import { eagerPart } from '../../lib/lazyPart';
import { BookingViewScreen } from './BookingViewScreen';
import { CancelBookingScreen } from './CancelBookingScreen';
import { CartSummary } from './components/CartSummary';
import { Confirmation } from './components/Confirmation';
import { DetailsForm } from './components/DetailsForm';
import { RescheduleConfirm } from './components/RescheduleConfirm';
import { TimeZoneSearch } from './components/TimeZoneSearch';
import { GroupScreen } from './GroupScreen';
import { MenuScreen } from './MenuScreen';

// The server's twin of lazyParts.ts: the same parts, imported eagerly.
export const DetailsStep = eagerPart(DetailsForm);
export const RescheduleStep = eagerPart(RescheduleConfirm);
export const BookingDone = eagerPart(Confirmation);
export const MenuList = eagerPart(MenuScreen);
export const GroupList = eagerPart(GroupScreen);
export const BookingPage = eagerPart(BookingViewScreen);
export const CancelBooking = eagerPart(CancelBookingScreen);
export const CartLines = eagerPart(CartSummary);
export const ZoneSearch = eagerPart(TimeZoneSearch);
