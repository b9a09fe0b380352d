// The website's data, generated from the Go structs (`make types`).
export type { Page as SitePage } from '../../generated/sites';
export type { SiteData } from '../../generated/web';
