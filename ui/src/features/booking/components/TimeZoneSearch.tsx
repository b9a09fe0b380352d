import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { FormattedMessage, useIntl } from '../../../lib/i18n';
import { buildZoneList, sameZone, searchZones, type KnownZone, type ZoneEntry } from '../../../lib/timezones';
import { SearchIcon } from '../../../components/OutcomeIcons';
import styles from './TimeZonePicker.module.css';

interface Props {
  value: string;
  at: string;
  labelId: string;
  listId: string;
  // container: the picker; a press outside it closes the search.
  container: RefObject<HTMLDivElement | null>;
  onChoose: (id: string) => void;
  onClose: (focusTrigger: boolean) => void;
}

// TimeZoneSearch is the open time zone picker: a search box over every zone
// (by city, name, country, old name or offset) and the list it filters. It
// is a chunk of its own (lazyParts.ts), fetched when the picker opens: the
// zone list and its search are nothing a first screen needs.
export function TimeZoneSearch({ value, at, labelId, listId, container, onChoose, onClose }: Props) {
  const intl = useIntl();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const optId = (i: number) => `${listId}-o${i}`;

  // The maintained list of zones (old names, countries, cities) is its own
  // chunk too; until it arrives Intl's names serve.
  const [known, setKnown] = useState<KnownZone[]>([]);
  useEffect(() => {
    import(/* webpackChunkName: "tzdb" */ '@vvo/tzdb')
      .then((m) => setKnown(m.getTimeZones({ includeUtc: true })))
      .catch((err) => console.warn('The list of time zones did not load; searching by name only', err));
  }, []);
  const list = useMemo<ZoneEntry[]>(() => buildZoneList(intl.locale, new Date(at), undefined, [value], known), [intl.locale, at, known]); // eslint-disable-line react-hooks/exhaustive-deps
  const results = useMemo(() => searchZones(list, query), [list, query]);

  useEffect(() => {
    inputRef.current?.focus();
    const i = results.findIndex((z) => sameZone(z, value));
    setActive(i >= 0 ? i : 0);
    const onDown = (e: MouseEvent) => {
      if (container.current && !container.current.contains(e.target as Node)) onClose(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    document.getElementById(optId(active))?.scrollIntoView?.({ block: 'nearest' });
  }, [active]); // eslint-disable-line react-hooks/exhaustive-deps

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
        if (results[active]) onChoose(results[active].id);
        break;
      case 'Escape':
        e.preventDefault();
        e.stopPropagation();
        onClose(true);
        break;
      case 'Tab':
        onClose(false);
        break;
    }
  };

  return (
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
      <ul id={listId} role="listbox" className={styles.list} aria-labelledby={labelId}>
        {results.map((z, i) => (
          <li
            key={z.id}
            id={optId(i)}
            role="option"
            aria-selected={sameZone(z, value)}
            className={[styles.option, i === active ? styles.active : '', sameZone(z, value) ? styles.selected : ''].filter(Boolean).join(' ')}
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => setActive(i)}
            onClick={() => onChoose(z.id)}
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
  );
}
