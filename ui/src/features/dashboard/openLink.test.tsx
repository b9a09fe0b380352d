import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
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
    </>
  );
}

function start() {
  const router = createMemoryRouter([{ path: '*', element: <List /> }], { initialEntries: ['/admin'] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('a list link opened by the list’s one handler', () => {
  afterEach(cleanup);

  it('opens the page in the app on a plain click', () => {
    start();
    fireEvent.click(screen.getByRole('link', { name: 'Ada' }));
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
    const link = screen.getByRole('link', { name: 'Ada' });
    const taken = !fireEvent.click(link, init);
    expect(taken).toBe(false);
    expect(screen.getByText('at /admin')).toBeTruthy();
  });
});
