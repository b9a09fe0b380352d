import { createContext, createElement, Fragment, useContext, type ReactNode } from 'react';
import { IntlMessageFormat, type FormatXMLElementFn, type PrimitiveType } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { dateTimeFormat } from './intlCache';

// The few pieces of react-intl the app uses, on intl-messageformat alone:
// react-intl's other formatters (relative time, display names, plurals
// outside messages) cost 16 KB of gzipped JavaScript on every page. In the
// browser the message parser is left out too (webpack aliases it away):
// pages carry their messages already parsed (see ui/build/message-ids.js),
// and only the server, which also formats mails, parses text.

/**
 * A catalogue entry: ICU text, or its parsed form as pages carry it (where a
 * message that is only text comes as that text, see IntlConfig.parsed).
 */
export type Message = string | MessageFormatElement[];
export type Messages = Record<string, Message>;

export interface MessageDescriptor {
  id: string;
  defaultMessage?: string;
  description?: string;
}

export interface IntlError {
  code?: string;
  message: string;
}

type RichValue = PrimitiveType | ReactNode | FormatXMLElementFn<ReactNode>;

export interface IntlShape {
  locale: string;
  messages: Messages;
  formatMessage(descriptor: MessageDescriptor, values?: Record<string, PrimitiveType | FormatXMLElementFn<string, string>>): string;
  formatMessage(descriptor: MessageDescriptor, values?: Record<string, RichValue>): ReactNode;
  formatDate(value: Date | number | string, options?: Intl.DateTimeFormatOptions): string;
  formatTime(value: Date | number | string, options?: Intl.DateTimeFormatOptions): string;
  formatDateToParts(value: Date | number | string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormatPart[];
  formatDateTimeRange(from: Date | number | string, to: Date | number | string, options?: Intl.DateTimeFormatOptions): string;
  formatNumber(value: number, options?: Intl.NumberFormatOptions): string;
  formatList(items: readonly string[], options?: Intl.ListFormatOptions): string;
}

export interface IntlConfig {
  locale: string;
  messages: Messages;
  onError?: (err: IntlError) => void;
  /**
   * The messages come parsed, as pages carry them: a string is then text to
   * show as it is (a message with no arguments, sent without its wrapping),
   * not ICU to parse.
   */
  parsed?: boolean;
}

const TIME_DEFAULTS: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: 'numeric' };

// createIntl builds the formatters of one language. Each message is compiled
// on first use and kept, so an isolate that renders thousands of pages
// compiles each message once.
export function createIntl({ locale, messages, onError = defaultOnError, parsed = false }: IntlConfig): IntlShape {
  const compiled = new Map<string, IntlMessageFormat | string>();
  const numbers = new Map<string, Intl.NumberFormat>();
  const lists = new Map<string, Intl.ListFormat>();
  const toDate = (v: Date | number | string) => (v instanceof Date ? v : new Date(v));

  function formatter(id: string): IntlMessageFormat | string | null {
    let f = compiled.get(id);
    if (f !== undefined) return f;
    const message = messages[id];
    if (message === undefined) {
      onError({ code: 'MISSING_TRANSLATION', message: `Missing message "${id}" for locale "${locale}"` });
      return null;
    }
    if (parsed && typeof message === 'string') {
      compiled.set(id, message);
      return message;
    }
    try {
      f = new IntlMessageFormat(message, locale);
    } catch (err) {
      onError({ code: 'INVALID_MESSAGE', message: `Message "${id}" for locale "${locale}": ${(err as Error).message}` });
      return null;
    }
    compiled.set(id, f);
    return f;
  }

  // guard runs a formatter and answers fallback when it throws (an unknown
  // time zone from a visitor's browser, say), so a page still renders.
  function guard<T>(what: string, fn: () => T, fallback: () => T): T {
    try {
      return fn();
    } catch (err) {
      onError({ code: 'FORMAT_ERROR', message: `${what}: ${(err as Error).message}` });
      return fallback();
    }
  }

  const intl: IntlShape = {
    locale,
    messages,
    formatMessage: ((descriptor: MessageDescriptor, values?: Record<string, RichValue>) => {
      const f = formatter(descriptor.id);
      if (f === null) return descriptor.defaultMessage ?? descriptor.id;
      if (typeof f === 'string') return f;
      return guard(`Message "${descriptor.id}"`, () => f.format<ReactNode>(values), () => descriptor.id);
    }) as IntlShape['formatMessage'],
    formatDate: (value, options = {}) => guard('formatDate', () => dateTimeFormat(locale, options).format(toDate(value)), () => String(value)),
    formatTime: (value, options = {}) =>
      guard('formatTime', () => dateTimeFormat(locale, hasTimeFields(options) ? options : { ...TIME_DEFAULTS, ...options }).format(toDate(value)), () => String(value)),
    formatDateToParts: (value, options = {}) =>
      guard('formatDateToParts', () => dateTimeFormat(locale, options).formatToParts(toDate(value)), () => [{ type: 'literal', value: String(value) }]),
    formatDateTimeRange: (from, to, options = {}) =>
      guard('formatDateTimeRange', () => dateTimeFormat(locale, options).formatRange(toDate(from), toDate(to)), () => `${from} – ${to}`),
    formatNumber: (value, options = {}) =>
      guard('formatNumber', () => cached(numbers, options, () => new Intl.NumberFormat(locale, options)).format(value), () => String(value)),
    formatList: (items, options = {}) =>
      guard('formatList', () => cached(lists, options, () => new Intl.ListFormat(locale, options)).format(items), () => items.join(', ')),
  };
  return intl;
}

// Like react-intl, a time with no fields of its own shows hours and minutes.
function hasTimeFields(o: Intl.DateTimeFormatOptions): boolean {
  return o.hour !== undefined || o.minute !== undefined || o.second !== undefined || o.timeStyle !== undefined;
}

function cached<T>(map: Map<string, T>, options: object, make: () => T): T {
  const key = JSON.stringify(options);
  let f = map.get(key);
  if (!f) {
    f = make();
    map.set(key, f);
  }
  return f;
}

function defaultOnError(err: IntlError) {
  console.error(`[intl] ${err.code ?? ''} ${err.message}`);
}

const IntlContext = createContext<IntlShape | null>(null);

/** RawIntlProvider shares an intl object built elsewhere (see lib/intl.ts). */
export function RawIntlProvider({ value, children }: { value: IntlShape; children?: ReactNode }) {
  return createElement(IntlContext.Provider, { value }, children);
}

/** IntlProvider builds the intl object itself: for tests and one-off trees. */
export function IntlProvider({ children, ...config }: IntlConfig & { children?: ReactNode }) {
  return createElement(IntlContext.Provider, { value: createIntl(config) }, children);
}

export function useIntl(): IntlShape {
  const intl = useContext(IntlContext);
  if (!intl) throw new Error('useIntl: no IntlProvider above this component');
  return intl;
}

export function FormattedMessage({ id, defaultMessage, values }: MessageDescriptor & { values?: Record<string, RichValue> }) {
  const out = useIntl().formatMessage({ id, defaultMessage }, values);
  // Rich values come back as a list: spread as children, they need no keys.
  return Array.isArray(out) ? createElement(Fragment, null, ...out) : createElement(Fragment, null, out);
}

export function FormattedDate({ value, ...options }: Intl.DateTimeFormatOptions & { value: Date | number | string }) {
  return createElement(Fragment, null, useIntl().formatDate(value, options));
}
