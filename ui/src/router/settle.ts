import { data } from 'react-router';
import { setCurrentPage } from '../lib/pageData';
import type { Payload } from '../payload';

// settle is a payload Go answered, as the router takes it: the page's data,
// or (an unknown page, an expired link, a failure) thrown to the route's
// error element with its status.
export function settle(payload: Payload): Payload {
  if (payload.route === 'error') throw data(payload, { status: payload.status });
  setCurrentPage(payload);
  return payload;
}
