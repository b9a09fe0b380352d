DROP INDEX bookings_by_start;
DROP TABLE staff_feeds;
DROP TABLE webhook_attempts;
DROP TABLE webhook_deliveries;
DROP TABLE webhook_endpoints;
DROP TABLE api_tokens;
