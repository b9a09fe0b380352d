import type { ReactNode } from 'react';
import { FormattedMessage } from '../lib/i18n';
import { usePage } from '../PageContext';

// WithPrivacy is a consent's words followed by the business's privacy
// policy, where it has one (the page's, as the cookie banner links it), so
// what a visitor agrees to can be read before they tick it.
export function WithPrivacy({ children }: { children: ReactNode }) {
  const { privacy } = usePage();
  if (!privacy) return <>{children}</>;
  return (
    <>
      {children}{' '}
      <a href={privacy} target="_blank" rel="noopener">
        <FormattedMessage id="site.legal.privacy" />
      </a>
    </>
  );
}
