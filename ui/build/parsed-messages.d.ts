import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** A catalogue as pages carry it: parsed, text-only messages as text. */
export type PageMessages = Record<string, string | MessageFormatElement[]>;

export function digest(messages: Record<string, string>): string;
export function parsedCatalogues(localesDir: string): Record<string, { digest: string; messages: PageMessages }>;
export class ParsedMessagesPlugin {
  constructor(localesDir: string);
}
