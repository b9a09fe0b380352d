import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CalendarGrid } from './CalendarGrid';

afterEach(cleanup);

function Harness({ onSelect = () => {} }: { onSelect?: (d: string) => void }) {
  const [month, setMonth] = useState('2026-11');
  return (
    <>
      <h2 id="m">{month}</h2>
      <CalendarGrid
        month={month}
        firstDay={1}
        locale="en-US"
        labelledBy="m"
        today="2026-11-20"
        selected={null}
        min="2026-11-20"
        isAvailable={(d) => d.endsWith('3')}
        dayLabel={(d) => d}
        onSelect={onSelect}
        onMonthChange={setMonth}
      />
    </>
  );
}

const day = (d: string) => screen.getByRole('button', { name: d });

describe('CalendarGrid', () => {
  it('is a grid with one tab stop on today', () => {
    render(<Harness />);
    expect(screen.getByRole('grid', { name: '2026-11' })).toBeTruthy();
    expect(screen.getAllByRole('button').filter((b) => b.tabIndex === 0)).toEqual([day('2026-11-20')]);
  });

  it('moves by week ends and months, and never before the minimum', () => {
    render(<Harness />);
    day('2026-11-20').focus();
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(day('2026-11-22'));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(day('2026-11-20')); // Monday the 16th is before the minimum
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(day('2026-11-20'));
    fireEvent.keyDown(document.activeElement!, { key: 'PageDown' });
    expect(screen.getByRole('grid', { name: '2026-12' })).toBeTruthy();
    expect(document.activeElement).toBe(day('2026-12-20'));
  });

  it('chooses only available days', () => {
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    fireEvent.click(day('2026-11-21'));
    fireEvent.click(day('2026-11-23'));
    expect(onSelect.mock.calls).toEqual([['2026-11-23']]);
    expect(day('2026-11-21').getAttribute('aria-disabled')).toBe('true');
  });
});
