-- A dispatcher now claims the deliveries due longest first (ORDER BY
-- next_attempt_at, event_id), read in the order of event_deliveries_due,
-- which stops at the tenth it may take and never walks past deliveries
-- waiting for a retry (events.Dispatcher.claim says why the plan is held
-- to that order). 000043's index of the deliveries in event order is read
-- by nothing now, and every delivery made or done paid for it.
DROP INDEX event_deliveries_in_order;
