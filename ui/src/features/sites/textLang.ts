import { usePage } from '../../PageContext';

/**
 * useTextLang is the lang attribute of the business's own text on this
 * page: its language (the page's content's, or lang when given) where the
 * frame around it is in another, else none. <html lang> names the main
 * content's language and #root the frame's (pages/document.go), so each
 * text of the business says its own (WCAG 3.1.2).
 */
export function useTextLang(lang?: string): string | undefined {
  const page = usePage();
  const l = lang || page.contentLang;
  return l && l !== page.lang ? l : undefined;
}

