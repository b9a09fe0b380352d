import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { notifyHost } from '../../../lib/embed';
import { useIntl } from '../../../lib/i18n';
import { useNavigate } from 'react-router';
import { usePage } from '../../../PageContext';
import type { ActionResult, FieldError, FormPageData } from '../../../generated/web';
import { check, checkField } from '../engine/check';
import { after, normalized, walk } from '../engine/logic';
import type { Answers } from '../engine/types';
import { sendStep } from '../lib/api';
import { usePhoneReader } from '../lib/phone';

// useStepForm is one step of a form as the visitor fills it: the answers
// (what a refused post sent, else what the response kept), the fields the
// rules show, the messages, and sending the step to the JSON API, whose
// answer says where to go.
export function useStepForm(data: FormPageData, route: string) {
  const page = usePage();
  const intl = useIntl();
  const navigate = useNavigate();
  const { form } = data;
  const failed = page.action ?? null;
  const [values, setValues] = useState<Answers>(() => (failed ? fromAction(failed) : data.values));
  const [errors, setErrors] = useState<Record<string, string>>(() => messagesOf(failed?.fields));
  const [formError, setFormError] = useState<string | null>(failed?.message ?? null);
  const [key, setKey] = useState(() => (failed && failed.code !== 'form_expired' && failed.values.key ? failed.values.key : data.key));
  const [busy, setBusy] = useState(false);
  // The country each phone field reads its number in (the business's until
  // the visitor picks another).
  const [countries, setCountries] = useState<Record<string, string>>({});
  const phone = usePhoneReader(form.steps.some((s) => s.fields.some((f) => f.type === 'phone')));
  const formRef = useRef<HTMLFormElement>(null);
  const trapRef = useRef<HTMLInputElement>(null);
  const pendingFocus = useRef(false);

  const stepIndex = Math.max(0, form.steps.findIndex((s) => s.id === data.step));
  const step = form.steps[stepIndex];
  const answers = normalized(form, { ...values, ...hiddenAnswers(data) });
  const reach = walk(form, answers);
  const shown = step.fields.filter((f) => reach.visible.has(f.id));
  const last = after(reach, stepIndex) === -1;

  // Focus moves after the render that marks the fields invalid, so a screen
  // reader reads the error with the field.
  useLayoutEffect(() => {
    if (!pendingFocus.current) return;
    pendingFocus.current = false;
    const first = formRef.current?.querySelector<HTMLElement>('[data-invalid] input, [aria-invalid="true"]');
    first?.focus();
  }, [errors]);

  // Leaving a field that holds something checks it, so a mistyped address
  // shows before the visitor sends; an empty field is asked for on sending.
  const blurred = (id: string) => {
    const field = shown.find((f) => f.id === id);
    const vals = answers[id] ?? [];
    if (!field || vals.length === 0) return;
    const [, problem] = checkField(field, vals, { today: form.today, region: countries[id] || form.region, phone: phone ?? undefined });
    if (problem) setErrors((e) => ({ ...e, [id]: intl.formatMessage({ id: problem.id }, problem.args) }));
  };

  const change = (id: string, v: string[]) => {
    setValues((old) => ({ ...old, [id]: v }));
    if (errors[id]) setErrors(({ [id]: _, ...rest }) => rest);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    // A number read in the country chosen is checked and sent in its
    // international form.
    const international = (id: string, v: string[]) =>
      phone && v[0] && shown.some((f) => f.id === id && f.type === 'phone') ? [phone(v[0], countries[id] || form.region) ?? v[0]] : v;
    const inCountry = Object.fromEntries(Object.entries(answers).map(([id, v]) => [id, international(id, v)]));
    const found = check(form, inCountry, reach, [stepIndex], { today: form.today, region: form.region, phone: phone ?? undefined }).errors;
    if (Object.keys(found).length > 0) {
      pendingFocus.current = true;
      setErrors(Object.fromEntries(Object.entries(found).map(([id, p]) => [id, intl.formatMessage({ id: p.id }, p.args)])));
      setFormError(null);
      return;
    }
    const sent = Object.fromEntries(shown.filter((f) => f.type !== 'hidden').map((f) => [f.id, international(f.id, values[f.id] ?? [])]));
    setBusy(true);
    setFormError(null);
    const unable = intl.formatMessage({ id: 'form.error.unable' });
    try {
      const res = await sendStep(route, form.slug, { key, step: step.id, answers: sent, query: data.query, page: document.referrer || undefined, locale: page.locale, website: trapRef.current?.value || undefined }, page.lang);
      if (res.ok) {
        // Back comes to this step with its answers, kept on the server.
        window.history.replaceState(window.history.state, '', res.body.sent);
        if (res.body.done) notifyHost('submitted', { form: form.slug, kind: route });
        if (res.body.external) window.location.assign(res.body.href);
        else navigate(res.body.href);
        return;
      }
      if (res.key) setKey(res.key);
      const fieldErrors = Object.fromEntries(Object.entries(res.error?.fields ?? {}).flatMap(([path, f]) => (path.startsWith('answers.') ? [[path.slice(8), f.message]] : [])));
      if (Object.keys(fieldErrors).length > 0) pendingFocus.current = true;
      setErrors(fieldErrors);
      setFormError((res.status < 500 && res.error?.message) || unable);
    } catch {
      setFormError(unable);
    } finally {
      setBusy(false);
    }
  };

  return { form, step, shown, last, values, errors, formError, key, busy, countries, setCountries, formRef, trapRef, change, blurred, onSubmit };
}

// fromAction is what a post without JavaScript sent, back on its page.
function fromAction(a: ActionResult): Answers {
  const out: Answers = {};
  for (const [name, v] of Object.entries(a.values ?? {})) {
    if (name.startsWith('answers.')) out[name.slice(8)] = a.lists?.[name] ?? [v];
  }
  return out;
}

function messagesOf(fields: Record<string, FieldError> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, f] of Object.entries(fields ?? {})) if (path.startsWith('answers.')) out[path.slice(8)] = f.message;
  return out;
}

// hiddenAnswers are the hidden fields as the page's query fills them.
function hiddenAnswers(data: FormPageData): Answers {
  const out: Answers = {};
  for (const s of data.form.steps)
    for (const f of s.fields) {
      const v = data.query[f.param || f.id];
      if (f.type === 'hidden' && v) out[f.id] = [v];
    }
  return out;
}

