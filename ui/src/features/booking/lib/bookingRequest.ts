import type { IntlShape } from '../../../lib/i18n';
import { locationLabel } from '../components/BookerHeader';
import { chosenOption, locationMode, needsTypedLocation, type DetailsValues } from './validation';
import type { BookingPageData, BookingRequest } from '../types';

interface Parts {
  data: BookingPageData;
  values: DetailsValues;
  start: string;
  timeZone: string;
  staffId: number | null;
}

// bookingRequest is the details form as the booking API reads it: the
// contact fields the calendar asks for, trimmed; the place chosen or typed;
// the guests, the series and the answers to the calendar's own questions.
export function bookingRequest({ data, values, start, timeZone, staffId }: Parts, intl: IntlShape, locale: string): BookingRequest {
  const { calendar, location } = data;
  const { fields } = calendar;
  const opt = chosenOption(calendar, values);
  const typed = needsTypedLocation(calendar, values);
  let loc: string | undefined;
  if (locationMode(calendar) !== 'hidden') loc = typed ? values.location.trim() : opt ? opt.value || locationLabel(intl, opt) : '';
  const phoneCountry = values.phoneCountry || location.country;
  const repeating = calendar.recurringMax >= 2 && values.repeatEvery !== '';
  const answers = Object.fromEntries(Object.entries(values.answers).filter(([, v]) => v.length > 0));
  return {
    calendar: calendar.slug,
    start,
    tz: timeZone,
    ...(staffId != null ? { staff: staffId } : {}),
    locale,
    ...(location.termsUrl ? { acceptTerms: values.acceptTerms } : {}),
    contact: {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      phone: fields.phone === 'hidden' ? '' : values.phone.trim(),
      ...(fields.phone !== 'hidden' && values.phone.trim() && phoneCountry ? { phoneCountry } : {}),
      ...(fields.dateOfBirth !== 'hidden' && values.dateOfBirth ? { dateOfBirth: values.dateOfBirth } : {}),
      ...(loc !== undefined ? { location: loc } : {}),
      ...(fields.notes !== 'hidden' ? { notes: values.notes.trim() } : {}),
      consent: values.consent,
    },
    ...(values.guests.length > 0 ? { guests: values.guests.map((g) => ({ name: g.name.trim(), email: g.email.trim() })) } : {}),
    ...(values.guests.length === 0 && values.guestCount.trim() ? { guestCount: Number(values.guestCount) } : {}),
    ...(data.oneTimeLink ? { oneTimeLink: data.oneTimeLink } : {}),
    ...(repeating ? { repeat: { every: values.repeatEvery as 'week' | '2weeks', count: Number(values.repeatCount) } } : {}),
    ...(calendar.questions && Object.keys(answers).length ? { answers } : {}),
  };
}
