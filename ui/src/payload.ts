import type * as web from './generated/web';

export type { Layout, Head, Alternate } from './generated/web';

// The page payload, generated from backend/internal/web/payload.go, with
// its data typed by the screen that reads it.
export interface Payload<D = unknown> extends Omit<web.Payload, 'data'> {
  data: D;
}

export const PAYLOAD_ELEMENT_ID = '__SLOTWISE_DATA__';
