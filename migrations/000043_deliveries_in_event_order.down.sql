DROP INDEX event_deliveries_in_order;
