// The shared vectors of the form engine: the browser's engine must give
// exactly what the Go engine gives (backend/internal/forms/vectors_test.go).
import { describe, expect, it } from 'vitest';
import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { CountryCode } from 'libphonenumber-js/min';
import vectors from '../../../../../backend/internal/forms/testdata/vectors.json';
import { check } from './check';
import { normalized, walk } from './logic';
import type { Answers, EngineForm } from './types';

const phone = (v: string, region: string) =>
  isValidPhoneNumber(v, region as CountryCode) ? (parsePhoneNumberFromString(v, region as CountryCode)?.number ?? null) : null;

interface Vector {
  name: string;
  form: keyof typeof vectors.definitions;
  answers: Answers;
  today?: string;
  region?: string;
  steps?: number[];
  path: number[];
  visible: string[];
  errors: Record<string, string>;
  args?: Record<string, Record<string, string>>;
  stored?: Answers;
}

describe('the shared vectors of the form engine', () => {
  for (const v of vectors.cases as unknown as Vector[]) {
    it(v.name, () => {
      const form = vectors.definitions[v.form] as unknown as EngineForm;
      const answers = normalized(form, v.answers);
      const reach = walk(form, answers);
      expect(reach.path).toEqual(v.path);
      expect([...reach.visible].sort()).toEqual(v.visible);
      const { stored, errors } = check(form, answers, reach, v.steps ?? reach.path, { today: v.today ?? '', region: v.region ?? 'DK', phone });
      expect(Object.fromEntries(Object.entries(errors).map(([k, p]) => [k, p.id]))).toEqual(v.errors);
      for (const [field, args] of Object.entries(v.args ?? {})) expect(errors[field]?.args).toEqual(args);
      if (v.stored) expect(stored).toEqual(v.stored);
    });
  }
});
