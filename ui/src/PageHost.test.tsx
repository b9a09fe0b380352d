import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrollAfterNavigation } from './PageHost';

describe('scrollAfterNavigation', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });
  it('scrolls to the anchor a hash names', () => {
    document.body.innerHTML = '<h2 id="prices">Prices</h2>';
    const el = document.getElementById('prices')!;
    el.scrollIntoView = vi.fn();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    scrollAfterNavigation('#prices', true);
    expect(el.scrollIntoView).toHaveBeenCalled();
    expect(scrollTo).not.toHaveBeenCalled();
  });
  it('scrolls to the top when the route wants it and there is no anchor', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    scrollAfterNavigation('', true);
    scrollAfterNavigation('#missing', true);
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });
  it('leaves the scroll alone for routes that opt out', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    scrollAfterNavigation('', false);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
