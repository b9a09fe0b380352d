// The page payload: the twin of backend/internal/web/payload.go.
export type Layout = 'calendar' | 'form' | 'page' | 'error';

export interface Alternate {
  hreflang: string;
  href: string;
}

export interface Head {
  title: string;
  description: string;
  canonical: string;
  robots?: string;
  brand?: string; // #rrggbb
  alternates: Alternate[] | null;
}

export interface Payload<D = unknown> {
  route: string;
  layout: Layout;
  kind?: string;
  params: Record<string, string>;
  path: string;
  basePath: string;
  locale: string;
  lang: string;
  status: number;
  statusMessage?: string;
  scrollToTop: boolean;
  consent: '' | 'essential' | 'all';
  head: Head;
  messages: Record<string, string>;
  data: D;
}

export const PAYLOAD_ELEMENT_ID = '__SLOTWISE_DATA__';
