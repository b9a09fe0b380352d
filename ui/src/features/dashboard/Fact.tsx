import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { Button } from '../../components/Button';
import { Field, inputClass } from '../../components/Field';
import type { ActionResult } from '../../generated/web';
import { FormattedMessage } from '../../lib/i18n';
import styles from './Dashboard.module.css';

// Fact is one labelled fact of a booking's or an order's page.
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>
        <FormattedMessage id={label} />
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

// RefundForm gives back part of what was paid, or (empty) all that is
// left, through the provider that took it: a booking's or an order's.
export function RefundForm({ action, formKey, left, failed, busy }: { action: string; formKey: string; left: string; failed?: ActionResult; busy: boolean }) {
  return (
    <Form method="post" action={action} className={styles.cancel} noValidate>
      <input type="hidden" name="idempotencyKey" value={formKey} />
      <h2 className={styles.subheading}>
        <FormattedMessage id="admin.refund.heading" />
      </h2>
      <Field label={<FormattedMessage id="admin.refund.amount" />} hint={<FormattedMessage id="admin.refund.hint" values={{ left }} />} error={failed?.fields?.amount?.message}>
        {(c) => <input {...c} className={inputClass} name="amount" inputMode="decimal" autoComplete="off" defaultValue={failed?.values?.amount ?? ''} />}
      </Field>
      <Button type="submit" variant="secondary" name="do" value="refund" disabled={busy} className={styles.start}>
        <FormattedMessage id="admin.refund.button" />
      </Button>
    </Form>
  );
}
