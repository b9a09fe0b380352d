-- The deliveries still to make, in the order a dispatcher claims them
-- (ORDER BY event_id LIMIT n, events.Dispatcher.claim). With only the due
-- index (next_attempt_at, event_id), PostgreSQL read every delivery due
-- and sorted them all to keep ten: while a burst of events waits (two
-- thousand payment events in a few seconds), each claim of ten read and
-- sorted the whole backlog, 5 to 11 ms, and the claims took more of the
-- database than the events' own inserts. Read in order, a claim stops at
-- the tenth delivery it may take; what it passes on the way is what other
-- dispatchers hold and what waits to be tried again.
CREATE INDEX event_deliveries_in_order ON event_deliveries (event_id) WHERE done_at IS NULL AND NOT dead;
