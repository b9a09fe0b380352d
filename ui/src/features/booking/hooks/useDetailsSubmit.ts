import { useLayoutEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useNavigation, useSubmit } from 'react-router';
import { useIntl } from '../../../lib/i18n';
import { currentPage } from '../../../lib/pageData';
import { usePage } from '../../../PageContext';
import { checkAll } from '../../forms/engine/check';
import { usePhoneReader } from '../../forms/lib/phone';
import { notifyHost } from '../../../lib/embed';
import { goToCheckout, manageToken, openCheckout } from '../../../lib/checkout';
import { contactName } from '../lib/formValues';
import { serverFieldKey, validateDetails, validateGuests, type DetailsValues, type FieldKey } from '../lib/validation';
import type { ActionResult, BookingPageData, BookingView, BookingViewData } from '../types';

type Messages = Record<string, string>;

export interface DetailsErrors {
  contact: Partial<Record<FieldKey, string>>;
  answers: Messages; // by question id
  guests: Messages; // guests.0.email, guestCount, repeat
  form: string | null; // above the button
}

interface Args {
  data: BookingPageData;
  values: DetailsValues;
  start: string;
  timeZone: string;
  staffId: number | null;
  today: string;
  failed: ActionResult | null;
  // action: the step's URL, where the form posts (the browser's post
  // without JavaScript, the route's action with it).
  action: string;
  formRef: RefObject<HTMLFormElement | null>;
  onSeriesTaken: () => void;
  // formKey: the form's key, once there is one (useFormKey).
  formKey: () => Promise<string>;
}

// useDetailsSubmit checks the details with the server's rules and message
// ids, then lets the route's action post the form to Go's action for the
// page, as the browser would without JavaScript: the answer is the
// booking's own page, or this step again with why (a time taken meanwhile
// takes the booker back to the times: useBooker). Each refusal's messages
// map back onto the fields, and focus moves to the first field in error
// once it is marked.
export function useDetailsSubmit(a: Args) {
  const intl = useIntl();
  const page = usePage();
  const submit = useSubmit();
  const submitting = useNavigation().state !== 'idle';
  const { calendar, location } = a.data;
  const [errors, setErrors] = useState<DetailsErrors>(() => fromServer(a.failed?.fields, a.failed?.message ?? null));
  // A refusal the action brought back shows on the fields it names; a
  // series whose other times went meanwhile shows them again.
  const [shownFailure, setShownFailure] = useState(a.failed);
  if (a.failed && a.failed !== shownFailure) {
    setShownFailure(a.failed);
    setErrors(fromServer(a.failed?.fields, a.failed?.message ?? null));
  }
  const phone = usePhoneReader(calendar.fields.phone !== 'hidden' || !!calendar.questions);
  const pendingFocus = useRef(false);
  useLayoutEffect(() => {
    if (!pendingFocus.current) return;
    pendingFocus.current = false;
    a.formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] input')?.focus();
  }, [errors]); // eslint-disable-line react-hooks/exhaustive-deps
  // A refused post (the page again, or the action's answer) puts focus on
  // the first field it names; a series whose other times went meanwhile
  // asks for them again.
  useLayoutEffect(() => {
    if (a.failed?.code === 'series_taken') a.onSeriesTaken();
    if (a.failed?.fields) a.formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] input')?.focus();
  }, [a.failed]); // eslint-disable-line react-hooks/exhaustive-deps

  const show = (next: DetailsErrors) => {
    pendingFocus.current = true;
    setErrors(next);
  };
  const fixedGuests = a.data.cart?.guestItems.length ?? 0;
  const maxGuests = fixedGuests || Math.max(0, (calendar.maxSeatsPerBooking ?? 1) - 1);

  const problems = (): DetailsErrors | null => {
    const dob = a.formRef.current?.querySelector<HTMLInputElement>(`input[type="date"][name="${contactName('dateOfBirth')}"]`);
    const phoneCountry = a.values.phoneCountry || location.country;
    const found = validateDetails(a.values, {
      calendar, termsRequired: !!location.termsUrl, today: a.today, dateOfBirthUnreadable: !!dob?.validity?.badInput,
      phoneValid: phone ? (v, c) => phone(v, c) !== null : undefined, phoneCountry,
    });
    const guests = maxGuests > 0 ? validateGuests(a.values, fixedGuests ? fixedGuests + 1 : calendar.maxSeatsPerBooking) : { errors: {} };
    const q = calendar.questions;
    const answers = q ? checkAll(q, a.values.answers, { today: q.today, region: q.region, phone: phone ?? undefined }).errors : {};
    if (!Object.keys(found).length && !Object.keys(guests.errors).length && !Object.keys(answers).length) return null;
    const text = (id: string, args?: Record<string, string | number>) => intl.formatMessage({ id }, args);
    return {
      contact: Object.fromEntries(Object.entries(found).map(([k, id]) => [k, text(id)])),
      answers: Object.fromEntries(Object.entries(answers).map(([k, p]) => [k, text(p.id, p.args)])),
      guests: Object.fromEntries(Object.entries(guests.errors).map(([k, id]) => [k, text(id, { max: guests.max ?? 0 })])),
      form: null,
    };
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    const found = problems();
    if (found) return show(found);
    setErrors(fromServer(undefined, null));
    // A key still on its way (asked for when the form showed) is waited for.
    const key = a.formRef.current?.querySelector<HTMLInputElement>('input[name="idempotencyKey"]');
    if (key && !key.value) {
      try {
        key.value = await a.formKey();
      } catch {
        return show({ ...fromServer(undefined, null), form: intl.formatMessage({ id: 'error.unavailable' }) });
      }
    }
    const before = currentPage();
    // The booking's page takes the details step's place in the history:
    // Back goes to the times, not to a form for a time already booked.
    await submit(a.formRef.current, { method: 'post', action: a.action, replace: true });
    // The answer led to the booking's page: the host page hears of it, and
    // a booking paid online goes on to its checkout.
    const after = currentPage();
    const booked = after !== before && after?.route === 'bookingView' ? (after.data as BookingViewData | null)?.bookings?.[0] : undefined;
    if (!booked) return;
    tellHostBooked(booked);
    if (booked.status === 'pending' && booked.payment?.state === 'hold') await pay(booked);
  };

  // A booking paid online is held until its payment: off to the checkout,
  // with the booking's page behind it (Back lands there, and it offers
  // to pay again). Without a checkout, its page says why and offers it.
  const pay = async (b: BookingView) => {
    const res = await openCheckout(b.id, manageToken(b.manageUrl), page.locale, page.lang);
    if ('url' in res) goToCheckout(res.url, b.manageUrl, res.result);
  };

  const clear = (path: 'contact' | 'answers' | 'guests', key?: string) =>
    setErrors((e) => (path === 'guests' ? { ...e, guests: {} } : { ...e, [path]: { ...e[path], [key!]: undefined } }));
  return { errors, submitting, onSubmit, clear, maxGuests, fixedGuests };
}

// tellHostBooked is the event a page embedding the widget hears (no
// contact details, no manage link: a host page runs others' scripts).
function tellHostBooked(b: BookingView) {
  notifyHost('booked', { id: b.id, status: b.status, start: b.start, end: b.end, timeZone: b.timeZone, calendar: b.calendar.name, staff: b.staff.name, seats: b.seats });
}

// fromServer splits an answer's field messages between the contact
// fields, the questions and the guests, with the rest above the button.
function fromServer(fields: ActionResult['fields'], message: string | null): DetailsErrors {
  const out: DetailsErrors = { contact: {}, answers: {}, guests: {}, form: null };
  const other: string[] = [];
  for (const [path, f] of Object.entries(fields ?? {})) {
    const k = serverFieldKey(path);
    if (k) out.contact[k] = f.message;
    else if (path.startsWith('answers.')) out.answers[path.slice(8)] = f.message;
    else if (path.startsWith('guest') || path === 'repeat') out.guests[path] = f.message;
    else other.push(f.message);
  }
  out.form = [message, ...other].filter(Boolean).join(' ') || null;
  return out;
}
