// Makes renderEmail(kind, dataJSON) a global of the server bundle, for Go's
// notify.Compose: mails format dates exactly as the pages do.
import { renderEmail } from './render';
import type { EmailData } from './types';

(globalThis as unknown as { renderEmail: (kind: string, dataJSON: string) => string }).renderEmail = (kind, dataJSON) =>
  JSON.stringify(renderEmail(kind, JSON.parse(dataJSON) as EmailData));
