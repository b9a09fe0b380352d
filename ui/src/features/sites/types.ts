export interface SitePage {
  id: number;
  path: string;
  title: string;
  description: string;
  paragraphs: string[] | null;
  updatedAt: string;
}

export interface SiteData {
  page?: SitePage;
  nav: SitePage[] | null;
  links?: { label: string; href: string }[]; // already in the page's language
}
