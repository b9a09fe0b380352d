import { EMPTY_DETAILS, type DetailsValues, type GuestValue } from './detailsValues';

// contactName is the form name of a contact field, as the server reads it
// (contact.firstName…).
export const contactName = (field: string) => `contact.${field}`;
export const repeatName = (field: 'every' | 'count') => `repeat.${field}`;

// detailsFromForm reads the values of a details form the server got back
// (a refused post without JavaScript), named as the form names them.
export function detailsFromForm(sent: Record<string, string>, lists: Record<string, string[]> = {}): DetailsValues {
  const answers: Record<string, string[]> = {};
  for (const [name, v] of Object.entries(sent)) if (name.startsWith('answers.')) answers[name.slice(8)] = lists[name] ?? [v];
  const guests: GuestValue[] = [];
  for (let i = 0; i < 100; i++) {
    const name = sent[`guests.${i}.name`];
    const email = sent[`guests.${i}.email`];
    if (name === undefined && email === undefined) break;
    guests.push({ name: name ?? '', email: email ?? '' });
  }
  return {
    ...EMPTY_DETAILS,
    firstName: sent[contactName('firstName')] ?? '',
    lastName: sent[contactName('lastName')] ?? '',
    email: sent[contactName('email')] ?? '',
    phone: sent[contactName('phone')] ?? '',
    phoneCountry: sent[contactName('phoneCountry')] ?? '',
    dateOfBirth: sent[contactName('dateOfBirth')] ?? '',
    locationChoice: sent.locationChoice ?? '',
    location: sent[contactName('location')] ?? '',
    notes: sent[contactName('notes')] ?? '',
    consent: !!sent[contactName('consent')],
    acceptTerms: !!sent.acceptTerms,
    guests,
    guestCount: sent.guestCount ?? '',
    repeatEvery: sent[repeatName('every')] ?? '',
    repeatCount: sent[repeatName('count')] ?? EMPTY_DETAILS.repeatCount,
    answers,
  };
}

// initialValues: what a refused post sent (the server rendered the page
// again), else empty, with as many guest rows as the URL asks for.
export function initialValues(seed: { sent?: Record<string, string>; lists?: Record<string, string[]>; guests: string | null; maxGuests: number }): DetailsValues {
  if (seed.sent) return detailsFromForm(seed.sent, seed.lists);
  const rows = Math.min(Math.max(Number(seed.guests) || 0, 0), Math.max(seed.maxGuests, 0));
  return { ...EMPTY_DETAILS, guests: Array.from({ length: rows }, () => ({ name: '', email: '' })) };
}
