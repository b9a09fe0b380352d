import { useCallback, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';

// useOpenLink is one click handler for a list's many links to the app's
// own pages: each row a plain <a href>, opened as a react-router Link
// opens it. A Link per row resolved the route tree for each (a fifth of
// rendering a list of fifty); this resolves it once for the list. A click
// with a modifier key or another button, and a link to another window, a
// download or another site, are the browser's own.
export function useOpenLink(): (e: MouseEvent<HTMLAnchorElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (e: MouseEvent<HTMLAnchorElement>) => {
      const a = e.currentTarget;
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
      if ((a.target && a.target !== '_self') || a.hasAttribute('download') || a.origin !== window.location.origin) return;
      e.preventDefault();
      navigate(a.pathname + a.search + a.hash);
    },
    [navigate],
  );
}
