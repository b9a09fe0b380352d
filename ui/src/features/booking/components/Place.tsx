import { FormattedMessage } from '../../../lib/i18n';

// Place is where a booking happens, as the booker reads it: an address or a
// phone as written, and a video call's address as a link that says so (only
// http and https: a business's text never becomes a script).
export function Place({ location }: { location: string }) {
  if (!/^https?:\/\/\S+$/i.test(location.trim())) return <>{location}</>;
  return (
    <a href={location.trim()} target="_blank" rel="noopener noreferrer">
      <FormattedMessage id="booking.location.videoCall" />
    </a>
  );
}
