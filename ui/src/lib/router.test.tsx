import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, MemoryRouter, NavLink, parseLocation, resolveTo, useLocation, useNavigate, useNavigationType } from './router';

afterEach(cleanup);

describe('parseLocation and resolveTo', () => {
  it.each([
    ['/a/b?x=1#top', { pathname: '/a/b', search: '?x=1', hash: '#top' }],
    ['/a', { pathname: '/a', search: '', hash: '' }],
    ['?x=1', { pathname: '/', search: '?x=1', hash: '' }],
    ['', { pathname: '/', search: '', hash: '' }],
  ])('splits %s', (url, want) => {
    expect(parseLocation(url)).toMatchObject(want);
  });
  it('keeps "?" and "#" targets on the page', () => {
    const from = parseLocation('/widget/bookings/x?date=2026-11-23');
    expect(resolveTo('?time=1', from)).toBe('/widget/bookings/x?time=1');
    expect(resolveTo('#main', from)).toBe('/widget/bookings/x?date=2026-11-23#main');
    expect(resolveTo('/about', from)).toBe('/about');
  });
});

function Where() {
  const loc = useLocation();
  const type = useNavigationType();
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="where">{`${type} ${loc.pathname}${loc.search} ${JSON.stringify(loc.state)}`}</p>
      <button onClick={() => navigate(-1)}>back</button>
    </>
  );
}

describe('links and history', () => {
  it('moves on a plain click, with state, and goes back', () => {
    render(
      <MemoryRouter initialEntries={['/start']}>
        <Link to="/next?x=1" state={{ shallow: true }}>
          next
        </Link>
        <Where />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link').getAttribute('href')).toBe('/next?x=1');
    fireEvent.click(screen.getByRole('link'));
    expect(screen.getByTestId('where').textContent).toBe('PUSH /next?x=1 {"shallow":true}');
    fireEvent.click(screen.getByRole('button', { name: 'back' }));
    expect(screen.getByTestId('where').textContent).toBe('POP /start null');
  });

  it.each([
    ['a modifier key', { metaKey: true }],
    ['a middle click', { button: 1 }],
  ])('leaves %s to the browser', (_, init) => {
    render(
      <MemoryRouter initialEntries={['/start']}>
        <Link to="/next">next</Link>
        <Where />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('link'), init);
    expect(screen.getByTestId('where').textContent).toBe('POP /start null');
  });

  it('never follows another site itself', () => {
    render(
      <MemoryRouter initialEntries={['/start']}>
        <Link to="https://elsewhere.example/">away</Link>
        <Where />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('link'));
    expect(screen.getByTestId('where').textContent).toBe('POP /start null');
  });

  it('marks the current page', () => {
    render(
      <MemoryRouter initialEntries={['/about']}>
        <NavLink to="/about">About</NavLink>
        <NavLink to="/prices">Prices</NavLink>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'About' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Prices' }).getAttribute('aria-current')).toBeNull();
  });
});
