// Client-side checks of the details form, with the same message ids the
// server answers per field (contact.firstName → validation.required.firstName).
import { isValidIsoDate, type IsoDate } from '../../../lib/calendar';
import type { CalendarInfo, LocationOption } from '../types';
import type { DetailsValues } from './detailsValues';

export { EMPTY_DETAILS, type DetailsValues, type GuestValue } from './detailsValues';

export type FieldKey = 'firstName' | 'lastName' | 'email' | 'phone' | 'dateOfBirth' | 'location' | 'notes' | 'acceptTerms';

// FIELD_ORDER is the order of the form: the first invalid field in it gets focus.
export const FIELD_ORDER: FieldKey[] = ['firstName', 'lastName', 'email', 'phone', 'dateOfBirth', 'location', 'notes', 'acceptTerms'];

export const MAX_GUEST_COUNT = 100;

// validateGuests returns a message id per invalid guest field, keyed as the
// server keys them (guests.0.email, guestCount), with the argument of the
// max-guest message. maxSeats counts the booker too.
export function validateGuests(v: DetailsValues, maxSeats: number): { errors: Record<string, string>; max?: number } {
  const errors: Record<string, string> = {};
  const seen = new Set([v.email.trim().toLowerCase()]);
  v.guests.forEach((g, i) => {
    if (!g.name.trim()) errors[`guests.${i}.name`] = 'validation.required.name';
    const email = g.email.trim().toLowerCase();
    if (!email) errors[`guests.${i}.email`] = 'validation.required.email';
    else if (!isValidEmail(email)) errors[`guests.${i}.email`] = 'validation.emailInvalid';
    else if (seen.has(email)) errors[`guests.${i}.email`] = 'validation.guestEmailUnique';
    seen.add(email);
  });
  let people = 1 + v.guests.length;
  if (v.guests.length === 0 && v.guestCount.trim() !== '') {
    const n = Number(v.guestCount);
    if (!Number.isInteger(n) || n < 1 || n > MAX_GUEST_COUNT) {
      errors.guestCount = 'validation.guestCount';
      return { errors };
    }
    people = 1 + n;
  }
  if (people > maxSeats) {
    errors[v.guests.length > 0 ? 'guests' : 'guestCount'] = 'validation.maxGuests';
    return { errors, max: maxSeats };
  }
  return { errors };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_CHARS = /^\+?[0-9\s\-.()]+$/;

export function isValidEmail(s: string): boolean {
  return EMAIL.test(s.trim());
}

// isValidPhone: an optional leading +, then digits with spaces, dashes,
// dots or parentheses; 6 to 15 digits (E.164 allows at most 15).
export function isValidPhone(s: string): boolean {
  const t = s.trim();
  if (!PHONE_CHARS.test(t)) return false;
  const digits = t.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 15;
}

export const MIN_BIRTH_DATE = '1900-01-01';

export function isValidBirthDate(d: string, today: IsoDate): boolean {
  return isValidIsoDate(d) && d >= MIN_BIRTH_DATE && d <= today;
}

// The location field: a select when the calendar offers several places, a
// text input when the booker says where (kind 'booker', or nothing offered),
// nothing when there is one fixed place.
export type LocationMode = 'hidden' | 'fixed' | 'select' | 'text';

export function locationMode(calendar: CalendarInfo): LocationMode {
  if (calendar.fields.location === 'hidden') return 'hidden';
  const opts = calendar.locationOptions ?? [];
  if (opts.length > 1) return 'select';
  if (opts.length === 1) return opts[0].kind === 'booker' ? 'text' : 'fixed';
  return 'text';
}

export function chosenOption(calendar: CalendarInfo, values: DetailsValues): LocationOption | null {
  const opts = calendar.locationOptions ?? [];
  if (opts.length === 1) return opts[0];
  if (values.locationChoice === '') return null;
  return opts[Number(values.locationChoice)] ?? null;
}

// needsTypedLocation: the booker must type where to meet.
export function needsTypedLocation(calendar: CalendarInfo, values: DetailsValues): boolean {
  const mode = locationMode(calendar);
  if (mode === 'text') return true;
  return mode === 'select' && chosenOption(calendar, values)?.kind === 'booker';
}

export interface ValidationContext {
  calendar: CalendarInfo;
  termsRequired: boolean;
  today: IsoDate;
  dateOfBirthUnreadable?: boolean; // the date input holds something that is not a date
  // phoneValid is libphonenumber's check once it has loaded (the number in
  // a country); until then the digits' count is checked.
  phoneValid?: (phone: string, country: string) => boolean;
  phoneCountry?: string; // the country a number without + is read in
}

// validateDetails returns a message id per invalid field.
export function validateDetails(v: DetailsValues, ctx: ValidationContext): Partial<Record<FieldKey, string>> {
  const { fields } = ctx.calendar;
  const e: Partial<Record<FieldKey, string>> = {};
  if (!v.firstName.trim()) e.firstName = 'validation.required.firstName';
  if (!v.lastName.trim()) e.lastName = 'validation.required.lastName';
  if (!v.email.trim()) e.email = 'validation.required.email';
  else if (!isValidEmail(v.email)) e.email = 'validation.emailInvalid';
  if (fields.phone !== 'hidden') {
    if (!v.phone.trim()) {
      if (fields.phone === 'required') e.phone = 'validation.required.phone';
    } else if (!(ctx.phoneValid ? ctx.phoneValid(v.phone, ctx.phoneCountry ?? '') : isValidPhone(v.phone))) e.phone = 'validation.phoneInvalid';
  }
  if (fields.dateOfBirth !== 'hidden') {
    if (ctx.dateOfBirthUnreadable) e.dateOfBirth = 'validation.dateOfBirthInvalid';
    else if (!v.dateOfBirth) {
      if (fields.dateOfBirth === 'required') e.dateOfBirth = 'validation.required.dateOfBirth';
    } else if (!isValidBirthDate(v.dateOfBirth, ctx.today)) e.dateOfBirth = 'validation.dateOfBirthInvalid';
  }
  const mode = locationMode(ctx.calendar);
  if (fields.location === 'required' && (mode === 'select' || mode === 'text')) {
    const missingChoice = mode === 'select' && !chosenOption(ctx.calendar, v);
    const missingText = needsTypedLocation(ctx.calendar, v) && !v.location.trim();
    if (missingChoice || missingText) e.location = 'validation.required.location';
  }
  if (fields.notes === 'required' && !v.notes.trim()) e.notes = 'validation.required.notes';
  if (ctx.termsRequired && !v.acceptTerms) e.acceptTerms = 'validation.termsRequired';
  return e;
}

// serverFieldKey maps a field path of an API error onto the form.
export function serverFieldKey(path: string): FieldKey | null {
  if (path === 'acceptTerms') return 'acceptTerms';
  const m = /^contact\.(\w+)$/.exec(path);
  if (m && (FIELD_ORDER as string[]).includes(m[1])) return m[1] as FieldKey;
  return null;
}
