import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from '../../../lib/i18n';
import { buildZoneList, sameZone, searchZones, zoneCity, zoneName, type KnownZone, type ZoneEntry } from '../../../lib/timezones';
import { ChevronDown, GlobeIcon, SearchIcon } from './Icons';
import styles from './TimeZonePicker.module.css';

interface Props {
  value: string;
  onChange: (tz: string) => void;
  // at: the instant zone names and offsets are computed for.
  at: string;
}

// TimeZonePicker shows the zone times are in and lets the visitor search
// another by city, name or offset ("+05:30", "GMT-5"). The zone list is
// built from Intl only when the picker opens, in the browser, so the server
// HTML and the first client render never depend on the engine's zone list.
export function TimeZonePicker({ value, onChange, at }: Props) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const wrapRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const labelId = useId();
  const listId = useId();
  const optId = (i: number) => `${listId}-o${i}`;

  // The maintained list of zones (old names, countries, cities) is its own
  // chunk, fetched when the picker first opens; until then Intl's names serve.
  const [known, setKnown] = useState<KnownZone[]>([]);
  useEffect(() => {
    if (!open || known.length) return;
    import(/* webpackChunkName: "tzdb" */ '@vvo/tzdb')
      .then((m) => setKnown(m.getTimeZones({ includeUtc: true })))
      .catch((err) => console.warn('The list of time zones did not load; searching by name only', err));
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps
  const list = useMemo<ZoneEntry[]>(() => (open ? buildZoneList(intl.locale, new Date(at), undefined, [value], known) : []), [open, intl.locale, at, known]); // eslint-disable-line react-hooks/exhaustive-deps
  const results = useMemo(() => searchZones(list, query), [list, query]);

  useEffect(() => {
    if (!open) return;
    inputRef.current?.focus();
    const i = results.findIndex((z) => sameZone(z, value));
    setActive(i >= 0 ? i : 0);
    const onDown = (e: MouseEvent) => {
      if (wrapRef.current && !wrapRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!open) return;
    const el = document.getElementById(optId(active));
    el?.scrollIntoView?.({ block: 'nearest' });
  }, [active, open]); // eslint-disable-line react-hooks/exhaustive-deps

  const close = (focusTrigger: boolean) => {
    setOpen(false);
    setQuery('');
    if (focusTrigger) triggerRef.current?.focus();
  };
  const choose = (z: ZoneEntry) => {
    onChange(z.id);
    close(true);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        setActive((a) => Math.min(a + 1, results.length - 1));
        break;
      case 'ArrowUp':
        e.preventDefault();
        setActive((a) => Math.max(a - 1, 0));
        break;
      case 'Home':
        if (e.ctrlKey) setActive(0);
        break;
      case 'End':
        if (e.ctrlKey) setActive(results.length - 1);
        break;
      case 'Enter':
        e.preventDefault();
        if (results[active]) choose(results[active]);
        break;
      case 'Escape':
        e.preventDefault();
        e.stopPropagation();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  const current = zoneName(intl.locale, value, new Date(at));
  return (
    <div className={styles.picker} ref={wrapRef}>
      <span id={labelId} className={styles.label}>
        <FormattedMessage id="booking.timeZone.label" />
      </span>
      <button
        ref={triggerRef}
        type="button"
        className={styles.trigger}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-labelledby={`${labelId} ${labelId}-v`}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <GlobeIcon />
        <span id={`${labelId}-v`} className={styles.value} suppressHydrationWarning>
          {current === value ? zoneCity(value) : current}
        </span>
        <ChevronDown />
      </button>
      {open && (
        <div className={styles.popover} role="dialog" aria-labelledby={labelId}>
          <div className={styles.search}>
            <SearchIcon />
            <input
              ref={inputRef}
              className={styles.input}
              type="text"
              role="combobox"
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={results[active] ? optId(active) : undefined}
              aria-label={intl.formatMessage({ id: 'booking.timeZone.search' })}
              placeholder={intl.formatMessage({ id: 'booking.timeZone.placeholder' })}
              value={query}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => {
                setQuery(e.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
            />
          </div>
          <ul ref={listRef} id={listId} role="listbox" className={styles.list} aria-labelledby={labelId}>
            {results.map((z, i) => (
              <li
                key={z.id}
                id={optId(i)}
                role="option"
                aria-selected={sameZone(z, value)}
                className={[styles.option, i === active ? styles.active : '', sameZone(z, value) ? styles.selected : ''].filter(Boolean).join(' ')}
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => choose(z)}
              >
                <span className={styles.optMain}>
                  <span className={styles.city}>{z.city}</span>
                  <span className={styles.zoneName}>{z.name}</span>
                </span>
                <span className={styles.offset}>{z.offsetLabel}</span>
              </li>
            ))}
          </ul>
          {results.length === 0 && (
            <p className={styles.none} role="status">
              <FormattedMessage id="timezone.none" />
            </p>
          )}
          {results.length > 0 && query && (
            <p className="visually-hidden" role="status">
              <FormattedMessage id="booking.timeZone.count" values={{ count: results.length }} />
            </p>
          )}
        </div>
      )}
    </div>
  );
}
