DROP TABLE order_tokens;
ALTER TABLE orders DROP COLUMN ready_told_at;
ALTER TABLE orders DROP COLUMN shipping_name;
ALTER TABLE orders DROP COLUMN tax_name;
