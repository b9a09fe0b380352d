import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigation, useSubmit } from 'react-router';
import { notifyHost } from '../../../lib/embed';
import { useIntl } from '../../../lib/i18n';
import { currentPage } from '../../../lib/pageData';
import { usePage } from '../../../PageContext';
import type { ActionResult, FormPageData } from '../../../generated/web';
import { check, checkField } from '../engine/check';
import { after, normalized, walk } from '../engine/logic';
import type { Answers } from '../engine/types';
import { fromAction, messagesOf } from '../lib/actionAnswers';
import { usePhoneReader } from '../lib/phone';
import { proof } from '../lib/proof';
import { readDraft, writeDraft } from '../../../lib/storage';

// useStepForm is one step of a form as the visitor fills it: the answers
// (what a refused post sent, else what the response kept), the fields the
// rules show, the messages, and sending the step: checked here first, then
// posted by the route's action to the page's own URL, as the browser
// without JavaScript posts it; Go's answer says where to go, or why not.
export function useStepForm(data: FormPageData, route: string) {
  const page = usePage();
  const intl = useIntl();
  const submit = useSubmit();
  const busy = useNavigation().state !== 'idle';
  const { form } = data;
  const failed = page.action ?? null;
  const pendingFocus = useRef(false);
  const keyAfter = (f: ActionResult | null) => (f && f.code !== 'form_expired' && f.values.key ? f.values.key : data.key);
  const [values, setValues] = useState<Answers>(() => (failed ? fromAction(failed) : data.values));
  const [errors, setErrors] = useState<Record<string, string>>(() => messagesOf(failed?.fields));
  const [formError, setFormError] = useState<string | null>(failed?.message ?? null);
  const [key, setKey] = useState(() => keyAfter(failed));
  // A refusal the action brought back: its messages, and a new key for a
  // form left open too long (what the visitor typed stays).
  const [shownFailure, setShownFailure] = useState(failed);
  if (failed && failed !== shownFailure) {
    setShownFailure(failed);
    setErrors(messagesOf(failed?.fields));
    setFormError(failed?.message ?? null);
    setKey(keyAfter(failed));
    if (failed?.fields) pendingFocus.current = true; // read by the layout effect below, after this render
  }
  // The country each phone field reads its number in (the business's until
  // the visitor picks another).
  const [countries, setCountries] = useState<Record<string, string>>({});
  const phone = usePhoneReader(form.steps.some((s) => s.fields.some((f) => f.type === 'phone')));
  const formRef = useRef<HTMLFormElement>(null);
  const trapRef = useRef<HTMLInputElement>(null);
  // When the visitor was shown this key's form, and whether a quick
  // submission's proof is being made (data.quick).
  const shownAt = useRef(0);
  const proving = useRef(false);
  useLayoutEffect(() => {
    shownAt.current = performance.now();
  }, [key]);

  const stepIndex = Math.max(0, form.steps.findIndex((s) => s.id === data.step));
  const step = form.steps[stepIndex];
  const answers = normalized(form, { ...values, ...hiddenAnswers(data) });
  const reach = walk(form, answers);
  const shown = step.fields.filter((f) => reach.visible.has(f.id));
  const last = after(reach, stepIndex) === -1;

  // What was typed in this step and not sent yet outlives a reload: kept
  // for the tab as it is typed, given back after the first render (the
  // server's render has none), and forgotten once the step is sent.
  const draftKey = `slotwise:draft:${form.slug}:${step.id}`;
  const ownFields = step.fields.filter((f) => f.type !== 'hidden').map((f) => f.id);
  useEffect(() => {
    if (failed) return; // a refused post brought back what was sent
    const kept = readDraft(draftKey);
    if (!kept) return;
    try {
      const draft = JSON.parse(kept) as Answers;
      setValues((v) => {
        const out = { ...v };
        for (const id of ownFields) if (Array.isArray(draft[id]) && !(v[id]?.length > 0)) out[id] = draft[id].map(String);
        return out;
      });
    } catch {
      writeDraft(draftKey, null);
    }
  }, [draftKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const typed = useRef(false);
  useEffect(() => {
    if (!typed.current) return;
    writeDraft(draftKey, JSON.stringify(Object.fromEntries(ownFields.filter((id) => values[id]?.length).map((id) => [id, values[id]]))));
  }, [values]); // eslint-disable-line react-hooks/exhaustive-deps

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
    typed.current = true;
    setValues((old) => ({ ...old, [id]: v }));
    if (errors[id]) setErrors(({ [id]: _, ...rest }) => rest);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || proving.current) return;
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
    // The form as the browser would post it, each number in its
    // international form, and the page it was filled in on.
    const body = new FormData(formRef.current ?? undefined);
    for (const f of shown) if (f.type === 'phone' && inCountry[f.id]?.[0]) body.set(`answers.${f.id}`, inCountry[f.id][0]);
    if (document.referrer) body.set('page', document.referrer);
    // Sent sooner than a person usually fills the form (autofill): the
    // browser shows it is one with a little work, instead of a refusal.
    const quick = data.quick;
    if (last && quick && performance.now() - shownAt.current < quick.seconds * 1000) {
      proving.current = true;
      const made = await proof(key, quick.bits).finally(() => (proving.current = false));
      if (made) body.set('proof', made);
    }
    setErrors({});
    setFormError(null);
    // Back comes to this step with its answers, which the server keeps
    // under the response's key.
    window.history.replaceState(window.history.state, '', sentHref(step.id, key));
    const before = window.location.href;
    const shownBefore = currentPage();
    await submit(body, { method: 'post', action: page.path });
    // Sent and kept by the server (the page moved on): the draft is done.
    if (window.location.href !== before) writeDraft(draftKey, null);
    // Taken: the page moved on, or is leaving for the business's own page
    // (a redirect to another site, which shows no page of ours); a refusal
    // is a page of its own.
    if (last && (window.location.href !== before || currentPage() === shownBefore)) notifyHost('submitted', { form: form.slug, kind: route });
  };

  return { form, step, shown, last, values, errors, formError, key, busy, countries, setCountries, formRef, trapRef, change, blurred, onSubmit };
}

// sentHref is this step's own URL with the response's key: where Back
// finds the answers the server kept (as Go's formStepHref writes it).
function sentHref(step: string, key: string): string {
  const url = new URL(window.location.href);
  url.searchParams.set('step', step);
  url.searchParams.set('response', key);
  return url.pathname + url.search;
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
