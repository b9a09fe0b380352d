// The browser's half of the form engine's checks (backend/internal/forms,
// check.go): the same message ids and arguments for the same answers, so a
// visitor sees as they type what the server would answer.
import { isDate, normalized, parseNumber, walk } from './logic';
import type { Reach } from './logic';
import type { Answers, EngineField, EngineForm } from './types';

export interface FieldProblem {
  id: string;
  args?: Record<string, string>;
}

export interface CheckContext {
  today: string; // YYYY-MM-DD where the business is
  region: string; // the country a phone number without + is read in
  // phone is libphonenumber's reading of a number (its E.164 form, or null
  // when it is no number); until it has loaded, digits are counted.
  phone?: (value: string, region: string) => string | null;
}

const fail = (id: string, args?: Record<string, string>): FieldProblem => (args ? { id, args } : { id });

// check validates the answers to the visible fields of the given steps and
// returns the answers as the server stores them, and a problem per field.
export function check(form: EngineForm, a: Answers, reach: Reach, steps: number[], ctx: CheckContext) {
  const stored: Answers = {};
  const errors: Record<string, FieldProblem> = {};
  for (const s of steps) {
    for (const f of form.steps[s].fields) {
      if (!reach.visible.has(f.id)) continue;
      const [vals, problem] = checkField(f, a[f.id] ?? [], ctx);
      if (problem) errors[f.id] = problem;
      else if (vals.length > 0) stored[f.id] = vals;
    }
  }
  return { stored, errors };
}

// checkAll walks the whole form over answers and checks every step on the
// visitor's path (as forms.CheckAll): a calendar's booking questions.
export function checkAll(form: EngineForm, answers: Answers, ctx: CheckContext) {
  const n = normalized(form, answers);
  const reach = walk(form, n);
  return check(form, n, reach, reach.path, ctx);
}

export function checkField(f: EngineField, vals: string[], ctx: CheckContext): [string[], FieldProblem | null] {
  if (vals.some((v) => !isText(v, f.type === 'textarea'))) return [[], fail('validation.invalidText')];
  if (vals.length === 0) {
    return [[], f.required && f.type !== 'hidden' ? fail(requiredMessage(f.type)) : null];
  }
  if (f.type !== 'multiple' && vals.length > 1) return [[], fail('validation.optionInvalid')];
  const v = vals[0];
  switch (f.type) {
    case 'text':
    case 'textarea':
    case 'name':
    case 'hidden':
      return checkText(f, v);
    case 'email': {
      if (runes(v) > maxLength(f)) return [[], fail('validation.tooLong', { max: String(maxLength(f)) })];
      const problem = emailProblem(v);
      return problem ? [[], fail(problem)] : [vals, null];
    }
    case 'phone': {
      const e164 = ctx.phone ? ctx.phone(v, ctx.region) : plausiblePhone(v) ? v : null;
      return e164 ? [[e164], null] : [[], fail('validation.phoneInvalid')];
    }
    case 'number':
      return checkNumber(f, v);
    case 'date':
      return checkDate(f, v, ctx);
    case 'single':
    case 'dropdown':
      return hasOption(f, v) ? [vals, null] : [[], fail('validation.optionInvalid')];
    case 'multiple':
      return checkChoices(f, vals);
    case 'rating': {
      const n = Number(v);
      return /^[0-9]+$/.test(v) && String(n) === v && n >= 1 && n <= (f.scale || 5) ? [vals, null] : [[], fail('validation.optionInvalid')];
    }
  }
  return [vals, null];
}

// requiredMessage is what an empty required field says: a form's fields
// are named by the business, so every one says it alike; a multiple
// choice asks for a choice (as Go's).
export function requiredMessage(type: string): string {
  return type === 'multiple' ? 'validation.chooseOne' : 'validation.required';
}

// maxLength is a text's bound: the field's, else its type's (as Go's).
export function maxLength(f: EngineField): number {
  if (f.maxLength && f.maxLength > 0) return f.maxLength;
  switch (f.type) {
    case 'textarea':
      return 5000;
    case 'name':
      return 100;
    case 'email':
      return 254;
    case 'hidden':
      return 500;
  }
  return 300;
}

const runes = (s: string) => [...s].length;
const NAME = /^[\p{L}\p{M}][\p{L}\p{M} .'’,-]*$/u;

function checkText(f: EngineField, v: string): [string[], FieldProblem | null] {
  const n = runes(v);
  if (n > maxLength(f)) return [[], fail('validation.tooLong', { max: String(maxLength(f)) })];
  if (n < (f.minLength ?? 0)) return [[], fail('validation.tooShort', { min: String(f.minLength) })];
  if (f.type === 'name' && !NAME.test(v)) return [[], fail('validation.nameInvalid')];
  if (f.pattern) {
    const re = pattern(f.pattern);
    // A pattern this browser cannot read is left to the server.
    if (re && !re.test(v)) return [[], fail('validation.patternMismatch')];
  }
  return [[v], null];
}

const patterns = new Map<string, RegExp | null>();

function pattern(p: string): RegExp | null {
  if (!patterns.has(p)) {
    try {
      patterns.set(p, new RegExp(`^(?:${p})$`, 'u'));
    } catch {
      patterns.set(p, null);
    }
  }
  return patterns.get(p) ?? null;
}

const formatNumber = (n: number) => String(n);

function checkNumber(f: EngineField, v: string): [string[], FieldProblem | null] {
  const n = parseNumber(v);
  if (n === null) return [[], fail('validation.numberInvalid')];
  if (f.integer && !Number.isInteger(n)) return [[], fail('validation.numberWhole')];
  if (f.min != null && n < f.min) return [[], fail('validation.numberMin', { min: formatNumber(f.min) })];
  if (f.max != null && n > f.max) return [[], fail('validation.numberMax', { max: formatNumber(f.max) })];
  return [[v], null];
}

// realDate: YYYY-MM-DD naming a day that exists (no 30 February).
export function realDate(v: string): boolean {
  if (!isDate(v)) return false;
  const [y, m, d] = v.split('-').map(Number);
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

function checkDate(f: EngineField, v: string, ctx: CheckContext): [string[], FieldProblem | null] {
  if (!realDate(v)) return [[], fail('validation.dateInvalid')];
  const lo = f.minDate === 'today' ? ctx.today : f.minDate;
  const hi = f.maxDate === 'today' ? ctx.today : f.maxDate;
  if (lo && v < lo) return [[], fail('validation.dateMin', { min: lo })];
  if (hi && v > hi) return [[], fail('validation.dateMax', { max: hi })];
  return [[v], null];
}

function hasOption(f: EngineField, v: string): boolean {
  return (f.options ?? []).some((o) => o.value === v);
}

function checkChoices(f: EngineField, vals: string[]): [string[], FieldProblem | null] {
  const seen = new Set<string>();
  for (const v of vals) {
    if (!hasOption(f, v) || seen.has(v)) return [[], fail('validation.optionInvalid')];
    seen.add(v);
  }
  if (f.minChoices && vals.length < f.minChoices) return [[], fail('validation.chooseAtLeast', { min: String(f.minChoices) })];
  if (f.maxChoices && vals.length > f.maxChoices) return [[], fail('validation.chooseAtMost', { max: String(f.maxChoices) })];
  return [(f.options ?? []).map((o) => o.value).filter((v) => seen.has(v)), null];
}

// isText: no lone surrogates (invalid UTF-8 on the wire), no control or
// invisible format characters but the joiner emoji need; a text area may
// also hold line breaks and tabs (as fieldcheck.IsText).
export function isText(s: string, multiline: boolean): boolean {
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c >= 0xd800 && c <= 0xdfff) return false;
    if (multiline && (ch === '\n' || ch === '\r' || ch === '\t')) continue;
    if (/\p{Cc}/u.test(ch) || c === 0x2028 || c === 0x2029 || (/\p{Cf}/u.test(ch) && c !== 0x200d)) return false;
  }
  return true;
}

const ATOM = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~\u0080-\u{10FFFF}]+$/u;
const LABEL = /^[\p{L}\p{M}\p{N}-]+$/u;

// emailProblem mirrors fieldcheck.EmailProblem for the addresses people
// type: a dot-atom before the @, a dotted domain after it, and an ASCII
// local part (the mail cannot carry any other).
export function emailProblem(s: string): string | null {
  if (new TextEncoder().encode(s).length > 254 || /[\s<>"]/u.test(s)) return 'validation.emailInvalid';
  const at = s.lastIndexOf('@');
  if (at <= 0) return 'validation.emailInvalid';
  const local = s.slice(0, at);
  const domain = s.slice(at + 1);
  if (!local.split('.').every((p) => ATOM.test(p))) return 'validation.emailInvalid';
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return 'validation.emailInvalid';
  if (/[^\x00-\x7f]/.test(local)) return 'validation.emailNotAscii';
  return null;
}

// plausiblePhone: before libphonenumber has loaded, a number is digits with
// the usual separators, 6 to 15 of them.
function plausiblePhone(s: string): boolean {
  if (!/^\+?[0-9\s\-.()]+$/.test(s)) return false;
  const digits = s.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 15;
}
