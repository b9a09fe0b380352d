import { Form, Link } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { FormattedMessage } from '../../../lib/i18n';
import { usePage } from '../../../PageContext';
import type { FormPageData } from '../../../generated/web';
import { useStepForm } from '../hooks/useStepForm';
import { FormField, fieldName } from './FormField';
import styles from '../Forms.module.css';

// StepForm is one step of a form, quiz or survey: a real form posting to
// its own page (so it works without JavaScript), checked as the visitor
// sends it with the server's rules; with JavaScript the route's action
// posts it, and Go's answer says where to go: the next step, the result,
// the thanks.
export function StepForm({ data, route }: { data: FormPageData; route: string }) {
  const page = usePage();
  const { form, step, shown, last, values, errors, formError, key, busy, countries, setCountries, formRef, trapRef, change, blurred, onSubmit } = useStepForm(data, route);
  return (
    <Form ref={formRef} className={styles.form} method="post" action={page.path} onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
      <input type="hidden" name="key" value={key} />
      <input type="hidden" name="step" value={step.id} />
      <div className={styles.trap} aria-hidden="true">
        <label>
          <FormattedMessage id="form.trap" />
          <input ref={trapRef} name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      {shown.map((f) => (
        <FormField
          key={f.id}
          field={f}
          values={values[f.id] ?? []}
          error={errors[f.id]}
          region={form.region}
          lang={page.lang}
          onChange={(v) => change(f.id, v)}
          onBlur={() => blurred(f.id)}
          phone={
            f.type === 'phone'
              ? { country: countries[f.id] ?? '', countryName: `${fieldName(f.id)}.country`, initial: data.phoneRegion ?? null, onCountry: (r) => setCountries((c) => ({ ...c, [f.id]: r })) }
              : undefined
          }
        />
      ))}
      {formError && <Alert>{formError}</Alert>}
      <div className={styles.actions}>
        {data.back && (
          <Link className={styles.back} to={data.back}>
            <FormattedMessage id="form.back" />
          </Link>
        )}
        <Button type="submit" busy={busy} className={styles.submit}>
          {busy ? <FormattedMessage id="form.sending" /> : last ? (form.submit && <span lang={form.lang}>{form.submit}</span>) || <FormattedMessage id="form.submit" /> : <FormattedMessage id="form.next" />}
        </Button>
      </div>
    </Form>
  );
}
