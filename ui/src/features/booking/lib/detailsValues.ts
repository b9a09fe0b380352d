// What the details form holds, apart from its checks (validation.ts): the
// booker keeps these across its steps, and its first screen needs no more.
export interface DetailsValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  phoneCountry: string; // ISO 3166 region the number is read in; '' is the business's country
  dateOfBirth: string; // YYYY-MM-DD or ''
  locationChoice: string; // index into locationOptions, when there are several
  location: string; // typed by the booker
  notes: string;
  consent: boolean;
  acceptTerms: boolean;
  guests: GuestValue[]; // named guests
  guestCount: string; // or only how many, when none is named
  repeatEvery: string; // '' (does not repeat), 'week', '2weeks'
  repeatCount: string;
  answers: Record<string, string[]>; // to the calendar's own questions, by field id
}

export interface GuestValue {
  name: string;
  email: string;
}

export const EMPTY_DETAILS: DetailsValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  phoneCountry: '',
  dateOfBirth: '',
  locationChoice: '',
  location: '',
  notes: '',
  consent: false,
  acceptTerms: false,
  guests: [],
  guestCount: '',
  repeatEvery: '',
  repeatCount: '4',
  answers: {},
};
