ALTER TABLE order_history ALTER CONSTRAINT order_history_order_id_location_id_fkey NOT DEFERRABLE;
ALTER TABLE order_items ALTER CONSTRAINT order_items_order_id_location_id_fkey NOT DEFERRABLE;
DROP TABLE order_tokens;
ALTER TABLE orders DROP COLUMN ready_told_at;
ALTER TABLE orders DROP COLUMN shipping_name;
ALTER TABLE orders DROP COLUMN tax_name;
