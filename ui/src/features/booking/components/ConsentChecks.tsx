import { CheckboxField } from '../../../components/Field';
import { WithPrivacy } from '../../../components/WithPrivacy';
import { FormattedMessage, useIntl } from '../../../lib/i18n';
import { contactName } from '../lib/formValues';
import type { DetailsValues } from '../lib/validation';
import type { LocationInfo } from '../types';
import styles from './DetailsForm.module.css';

interface Props {
  location: LocationInfo;
  values: DetailsValues;
  termsError?: string;
  set: <K extends keyof DetailsValues>(k: K, v: DetailsValues[K]) => void;
}

// ConsentChecks: the business's consent text (the spec's default when it
// has none) with its privacy policy and, when it has terms, their
// acceptance.
export function ConsentChecks({ location, values, termsError, set }: Props) {
  const intl = useIntl();
  return (
    <div className={styles.checks}>
      <CheckboxField
        name={contactName('consent')}
        label={
          <WithPrivacy>
            {location.consentText ? (
              <span lang={location.consentLang}>{location.consentText}</span>
            ) : (
              intl.formatMessage({ id: 'booking.consent.default' }, { business: location.name })
            )}
          </WithPrivacy>
        }
        checked={values.consent}
        onChange={(v) => set('consent', v)}
      />
      {location.termsUrl && (
        <CheckboxField
          name="acceptTerms"
          required
          error={termsError}
          checked={values.acceptTerms}
          onChange={(v) => set('acceptTerms', v)}
          label={
            <FormattedMessage
              id="booking.terms.label"
              values={{
                a: (chunks) => (
                  <a href={location.termsUrl} target="_blank" rel="noopener noreferrer">
                    {chunks}
                  </a>
                ),
              }}
            />
          }
        />
      )}
    </div>
  );
}
