DROP INDEX IF EXISTS calendars_business, calendar_groups_business, forms_business, site_pages_business,
  blogs_business, posts_business, authors_business, tags_business, products_business, collections_business,
  service_menus_business, media_business, people_business, webhook_endpoints_business, bookings_cancelled;
