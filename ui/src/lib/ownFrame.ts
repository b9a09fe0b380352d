// A website page of this server frames its own widgets (a page's booking
// section) as /embed.js frames them on other sites, named OWN_PAGE after
// the embed prefix: the widget then talks to its own origin only, sizes
// the frame to its content, and leaves the language menu and the cookie
// banner to the page. Its address says so too (?embed=page), so the server
// marks the page from its first paint (web/render.go, headView.InPage).
// Kept out of embed.ts, which every widget carries.
export const OWN_PAGE = 'page';
export const OWN_FRAME_NAME = 'slotwise-embed ' + OWN_PAGE;
