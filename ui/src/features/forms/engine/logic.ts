// The browser's half of the form engine's walk (backend/internal/forms,
// logic.go): the same rules, in the same order, with the same meaning; the
// shared vectors (vectors.test.ts) hold both halves to one behaviour.
import type { Condition, Group } from '../../../generated/forms';
import type { Answers, EngineField, EngineForm } from './types';

const CONSENT_VALUES = new Set(['on', 'true', 'yes', '1']);

export function allFields(form: EngineForm): EngineField[] {
  return form.steps.flatMap((s) => s.fields);
}

// normalized trims every value and drops empty ones; a consent is "true"
// when given; answers to fields the form does not have are dropped.
export function normalized(form: EngineForm, a: Answers): Answers {
  const out: Answers = {};
  for (const f of allFields(form)) {
    let vals = (a[f.id] ?? []).map((v) => trim(v)).filter((v) => v !== '');
    if (f.type === 'consent' && vals.length > 0) {
      if (!CONSENT_VALUES.has(vals[0].toLowerCase())) continue;
      vals = ['true'];
    }
    if (vals.length > 0) out[f.id] = vals;
  }
  return out;
}

// trim removes what Go's strings.TrimSpace removes: Unicode white space.
export function trim(s: string): string {
  return s.replace(/^[\s\u0085]+|[\s\u0085]+$/gu, '');
}

export interface Reach {
  path: number[];
  visible: Set<string>;
}

// walk follows the form over the answers as the visitor would.
export function walk(form: EngineForm, answers: Answers): Reach {
  const reach: Reach = { path: [], visible: new Set() };
  const known: Answers = {};
  const multi = multiFields(form);
  for (let step = 0; step >= 0 && step < form.steps.length; ) {
    reach.path.push(step);
    for (const f of form.steps[step].fields) {
      if (!shown(form, f.id, known, multi)) continue;
      reach.visible.add(f.id);
      if (answers[f.id]) known[f.id] = answers[f.id];
    }
    step = nextStep(form, step, known, multi);
  }
  return reach;
}

function multiFields(form: EngineForm): Set<string> {
  return new Set(allFields(form).filter((f) => f.type === 'multiple').map((f) => f.id));
}

function shown(form: EngineForm, field: string, known: Answers, multi: Set<string>): boolean {
  let hasShow = false;
  let showMatched = false;
  for (const rule of form.rules ?? []) {
    if (rule.field !== field) continue;
    if (rule.action === 'hide' && matches(rule.when, known, multi)) return false;
    if (rule.action === 'show') {
      hasShow = true;
      showMatched = showMatched || matches(rule.when, known, multi);
    }
  }
  return !hasShow || showMatched;
}

function nextStep(form: EngineForm, step: number, known: Answers, multi: Set<string>): number {
  const id = form.steps[step].id;
  for (const rule of form.rules ?? []) {
    if (rule.action !== 'jump' || rule.step !== id || !matches(rule.when, known, multi)) continue;
    if (rule.to === 'end') return -1;
    const to = form.steps.findIndex((s) => s.id === rule.to);
    if (to > step) return to;
  }
  return step + 1;
}

// after is the step that follows step on the path (-1: the form ends);
// null when step is not on the path.
export function after(reach: Reach, step: number): number | null {
  const i = reach.path.indexOf(step);
  if (i < 0) return null;
  return i + 1 < reach.path.length ? reach.path[i + 1] : -1;
}

export function prune(reach: Reach, a: Answers): Answers {
  const out: Answers = {};
  for (const [id, v] of Object.entries(a)) if (reach.visible.has(id)) out[id] = v;
  return out;
}

function matches(g: Group, known: Answers, multi: Set<string>): boolean {
  const conditions = g.conditions ?? [];
  if (conditions.length === 0) return true;
  for (const c of conditions) {
    const ok = holds(c, known[c.field] ?? [], multi.has(c.field));
    if (g.match === 'any' && ok) return true;
    if (g.match !== 'any' && !ok) return false;
  }
  return g.match !== 'any';
}

const NUMBER = /^-?[0-9]+(\.[0-9]+)?$/;
const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

export function parseNumber(s: string): number | null {
  return NUMBER.test(s) ? Number(s) : null;
}

export function isDate(s: string): boolean {
  return DATE.test(s);
}

function holds(c: Condition, vals: string[], multi: boolean): boolean {
  const value = c.value ?? '';
  switch (c.op) {
    case 'answered':
      return vals.length > 0;
    case 'skipped':
      return vals.length === 0;
    case 'equals':
      return equalAnswer(vals, c);
    case 'notEquals':
      return !equalAnswer(vals, c);
    case 'contains':
      if (multi) return vals.includes(value);
      return vals.length === 1 && vals[0].toLowerCase().includes(value.toLowerCase());
    case 'includesAny':
      return vals.some((v) => (c.values ?? []).includes(v));
    case 'greaterThan':
    case 'lessThan': {
      if (vals.length !== 1) return false;
      const cmp = compare(vals[0], value);
      return cmp !== null && ((c.op === 'greaterThan' && cmp > 0) || (c.op === 'lessThan' && cmp < 0));
    }
  }
  return false;
}

function equalAnswer(vals: string[], c: Condition): boolean {
  const want = c.values && c.values.length > 0 ? c.values : [c.value ?? ''];
  if (vals.length !== want.length) return false;
  if (vals.length === 1) {
    const cmp = compare(vals[0], want[0]);
    return cmp !== null ? cmp === 0 : vals[0] === want[0];
  }
  const a = [...vals].sort();
  const b = [...want].sort();
  return a.every((v, i) => v === b[i]);
}

function compare(a: string, b: string): number | null {
  const x = parseNumber(a);
  const y = parseNumber(b);
  if (x !== null && y !== null) return x < y ? -1 : x > y ? 1 : 0;
  if (isDate(a) && isDate(b)) return a < b ? -1 : a > b ? 1 : 0;
  return null;
}
