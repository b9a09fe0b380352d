import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

// The booker's steps live in the query, so Back, Forward, reload and a
// shared link land on the same step with what was chosen, and the server
// can render any step without JavaScript:
//   month=YYYY-MM  the month shown
//   date=YYYY-MM-DD  the day picked
//   staff=ID  the person picked (none: any available)
//   time=RFC 3339  the time picked: the details step (or, rescheduling, the confirmation)
//   guests=N  guest rows on the details step
//   times=all  every time of the day, not only the first dozen
//   cart=a,b~c  a service menu's cart (the booker's, then each guest's);
//   for=N whose services the menu adds to; step=time the cart's booker
// Other parameters (tz, reschedule, token) are kept as they are. Moving
// between steps keeps the page's payload (router/page.ts's STEP_PARAMS).
export type BookerParam = 'month' | 'date' | 'staff' | 'time' | 'guests' | 'times' | 'cart' | 'step' | 'for';

export type BookerChanges = Partial<Record<BookerParam, string | null>>;

export function bookerHref(pathname: string, search: string, changes: BookerChanges): string {
  const next = new URLSearchParams(search);
  for (const [k, v] of Object.entries(changes)) {
    if (v == null || v === '') next.delete(k);
    else next.set(k, v);
  }
  const qs = next.toString();
  return pathname + (qs ? '?' + qs : '');
}

export function useBookerUrl() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const href = (changes: BookerChanges) => bookerHref(location.pathname, location.search, changes);
  // go moves to another step: a new history entry, unless replace (a month
  // turned, a slot that was taken meanwhile).
  const go = useCallback(
    (changes: BookerChanges, opts: { replace?: boolean } = {}) =>
      navigate(bookerHref(location.pathname, location.search, changes), { replace: opts.replace, preventScrollReset: true }),
    [location.pathname, location.search, navigate],
  );
  return { params, href, go, pathname: location.pathname, search: location.search };
}

export type BookerUrl = ReturnType<typeof useBookerUrl>;
