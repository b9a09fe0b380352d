import { describe, expect, it } from 'vitest';
import { calendarInfo } from '../../../testing/booking';
import { EMPTY_DETAILS, isValidEmail, isValidPhone, locationMode, serverFieldKey, validateDetails } from './validation';

describe('isValidPhone', () => {
  it.each([
    ['+49 30 1234567', true],
    ['(030) 123-45-67', true],
    ['030.123.4567', true],
    ['123456', true],
    ['12345', false], // five digits
    ['+1 234 567 890 123 456', false], // sixteen digits
    ['12 34 ab 56', false],
    ['49+30123456', false],
    ['', false],
  ])('%s → %s', (phone, ok) => expect(isValidPhone(phone)).toBe(ok));
});

describe('isValidEmail', () => {
  it.each([
    ['ada@example.com', true],
    [' ada@example.com ', true],
    ['ada@example', false],
    ['ada example.com', false],
  ])('%s → %s', (email, ok) => expect(isValidEmail(email)).toBe(ok));
});

describe('validateDetails', () => {
  const ctx = { calendar: calendarInfo(), termsRequired: false, today: '2026-11-20' };
  const valid = { ...EMPTY_DETAILS, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };

  it('needs first name, last name and email, and nothing else by default', () => {
    expect(validateDetails(EMPTY_DETAILS, ctx)).toEqual({
      firstName: 'validation.required.firstName',
      lastName: 'validation.required.lastName',
      email: 'validation.required.email',
    });
    expect(validateDetails(valid, ctx)).toEqual({});
  });

  it('checks an optional phone only when given', () => {
    expect(validateDetails({ ...valid, phone: 'abc' }, ctx)).toEqual({ phone: 'validation.phoneInvalid' });
  });

  it('ignores hidden fields', () => {
    const calendar = calendarInfo({ fields: { phone: 'hidden', dateOfBirth: 'hidden', location: 'hidden', notes: 'hidden' } });
    expect(validateDetails({ ...valid, phone: 'abc', dateOfBirth: 'x' }, { ...ctx, calendar })).toEqual({});
  });

  it.each([
    ['2030-01-01', 'validation.dateOfBirthInvalid'],
    ['1899-12-31', 'validation.dateOfBirthInvalid'],
    ['1990-02-30', 'validation.dateOfBirthInvalid'],
    ['1990-12-10', undefined],
  ])('date of birth %s → %s', (dob, id) => {
    const calendar = calendarInfo({ fields: { phone: 'optional', dateOfBirth: 'optional', location: 'optional', notes: 'optional' } });
    expect(validateDetails({ ...valid, dateOfBirth: dob }, { ...ctx, calendar }).dateOfBirth).toBe(id);
  });

  it('needs the terms when the business has them', () => {
    expect(validateDetails(valid, { ...ctx, termsRequired: true })).toEqual({ acceptTerms: 'validation.termsRequired' });
  });

  it('needs a location typed or chosen when required', () => {
    const typed = calendarInfo({ locationOptions: [{ kind: 'booker', value: '' }], fields: { ...calendarInfo().fields, location: 'required' } });
    expect(locationMode(typed)).toBe('text');
    expect(validateDetails(valid, { ...ctx, calendar: typed })).toEqual({ location: 'validation.required.location' });
    const fixed = calendarInfo({ fields: { ...calendarInfo().fields, location: 'required' } });
    expect(locationMode(fixed)).toBe('fixed');
    expect(validateDetails(valid, { ...ctx, calendar: fixed })).toEqual({});
  });
});

describe('serverFieldKey', () => {
  it.each([
    ['contact.firstName', 'firstName'],
    ['contact.dateOfBirth', 'dateOfBirth'],
    ['acceptTerms', 'acceptTerms'],
    ['start', null],
    ['contact.unknown', null],
  ])('%s → %s', (path, key) => expect(serverFieldKey(path)).toBe(key));
});
