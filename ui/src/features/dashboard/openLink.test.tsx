import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useOpenLink } from './openLink';

function List() {
  const open = useOpenLink();
  const here = useLocation();
  return (
    <>
      <p>at {here.pathname + here.search}</p>
      <a href="/admin/booking/bk_1?from=list" onClick={open}>
        Ada
      </a>
      <a href="/admin/booking/bk_2" target="_blank" onClick={open}>
        Grace
      </a>
      <a href="https://elsewhere.example/admin" onClick={open}>
        Elsewhere
      </a>
    </>
  );
}

function start() {
  const router = createMemoryRouter([{ path: '*', element: <List /> }], { initialEntries: ['/admin'] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('a list link opened by the list’s one handler', () => {
  // Whether the app took a click, read once it has bubbled past the app;
  // then the test's window goes nowhere, as jsdom cannot.
  let taken: boolean | null = null;
  const watch = (e: Event) => {
    taken = e.defaultPrevented;
    e.preventDefault();
  };
  beforeEach(() => {
    taken = null;
    window.addEventListener('click', watch);
  });
  afterEach(() => {
    window.removeEventListener('click', watch);
    cleanup();
  });

  it('opens the page in the app on a plain click', () => {
    start();
    fireEvent.click(screen.getByRole('link', { name: 'Ada' }));
    expect(taken).toBe(true);
    expect(screen.getByText('at /admin/booking/bk_1?from=list')).toBeTruthy();
  });

  it.each([
    ['with Ctrl', { ctrlKey: true }],
    ['with Cmd', { metaKey: true }],
    ['with Shift', { shiftKey: true }],
    ['with Alt', { altKey: true }],
    ['with the middle button', { button: 1 }],
  ])('leaves a click %s to the browser', (_name, init) => {
    start();
    fireEvent.click(screen.getByRole('link', { name: 'Ada' }), init);
    expect(taken).toBe(false);
    expect(screen.getByText('at /admin')).toBeTruthy();
  });

  it.each([
    ['to another window', 'Grace'],
    ['to another site', 'Elsewhere'],
  ])('leaves a link %s to the browser', (_name, name) => {
    start();
    fireEvent.click(screen.getByRole('link', { name }));
    expect(taken).toBe(false);
    expect(screen.getByText('at /admin')).toBeTruthy();
  });
});
