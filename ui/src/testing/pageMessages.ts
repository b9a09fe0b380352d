import path from 'node:path';
import { parsedCatalogues, type PageMessages } from '../../build/parsed-messages';

// pageMessages is a language's catalogue as the server puts it in a page:
// parsed by the build's own code (ui/build/parsed-messages.js), merged over
// English, text-only messages as text.
let all: ReturnType<typeof parsedCatalogues> | null = null;

export function pageMessages(locale: string): PageMessages {
  all ??= parsedCatalogues(path.resolve('locales'));
  const found = all[locale];
  if (!found) throw new Error(`pageMessages: no catalogue ${locale}`);
  return found.messages;
}
