import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RawIntlProvider } from '../../../lib/i18n';
import { intlFor } from '../../../lib/intl';
import { pageMessages } from '../../../testing/pageMessages';
import { Place } from './Place';

const render = (location: string) =>
  renderToString(
    <RawIntlProvider value={intlFor('en-US', pageMessages('en-US'), (e) => { throw e; })}>
      <Place location={location} />
    </RawIntlProvider>,
  );

describe("a booking's place", () => {
  it.each([
    ['a video call is a link that says so', 'https://meet.example.com/abc-defg', '<a href="https://meet.example.com/abc-defg" target="_blank" rel="noopener noreferrer">Join the video call</a>'],
    ['an address is text', 'Torstraße 1, Berlin', 'Torstraße 1, Berlin'],
    ['a script is text, never a link', 'javascript:alert(1)', 'javascript:alert(1)'],
    ['text with an address in it is text', 'Call https://x.example first', 'Call https://x.example first'],
  ])('%s', (_, location, want) => {
    expect(render(location)).toBe(want);
  });
});
