import { eagerPart } from '../../lib/lazyPart';
import { AccountScreen } from './AccountScreen';
import { AvailabilityScreen } from './AvailabilityScreen';
import { CalendarScreen } from './CalendarScreen';
import { ConnectionsScreen } from './ConnectionsScreen';
import { NewBookingScreen } from './NewBookingScreen';
import { OrderScreen } from './OrderScreen';
import { OrdersScreen } from './OrdersScreen';
import { PeopleScreen } from './PeopleScreen';
import { ResponsesScreen } from './ResponsesScreen';
import { SettingsScreen } from './SettingsScreen';
import { WhyScreen } from './WhyScreen';

// The server's twin of lazyParts.ts: the same screens, imported eagerly.
export const CalendarPart = eagerPart(CalendarScreen);
export const NewBookingPart = eagerPart(NewBookingScreen);
export const AvailabilityPart = eagerPart(AvailabilityScreen);
export const WhyPart = eagerPart(WhyScreen);
export const ResponsesPart = eagerPart(ResponsesScreen);
export const PeoplePart = eagerPart(PeopleScreen);
export const AccountPart = eagerPart(AccountScreen);
export const SettingsPart = eagerPart(SettingsScreen);
export const ConnectionsPart = eagerPart(ConnectionsScreen);
export const OrdersPart = eagerPart(OrdersScreen);
export const OrderPart = eagerPart(OrderScreen);
