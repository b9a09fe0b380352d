CREATE INDEX event_deliveries_in_order ON event_deliveries (event_id) WHERE done_at IS NULL AND NOT dead;
