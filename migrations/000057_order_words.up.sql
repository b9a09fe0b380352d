-- What an order's receipt names (its tax, its shipping rate) as they were
-- when it was bought, and when a pick-up order was told ready.
ALTER TABLE orders ADD COLUMN tax_name text NOT NULL DEFAULT '' CHECK (length(tax_name) <= 60);
ALTER TABLE orders ADD COLUMN shipping_name text NOT NULL DEFAULT '' CHECK (length(shipping_name) <= 120);
ALTER TABLE orders ADD COLUMN ready_told_at timestamptz;
COMMENT ON COLUMN orders.ready_told_at IS 'a pick-up order: when the business told the buyer it is ready (the mail went once).';

-- An order's mails each carry a secret of their own that opens its page;
-- only their hashes are kept.
CREATE TABLE order_tokens (
    location_id bigint      NOT NULL DEFAULT slotwise_business(),
    token_hash  bytea       NOT NULL,
    order_id    text        NOT NULL,
    PRIMARY KEY (token_hash, location_id),
    FOREIGN KEY (order_id, location_id) REFERENCES orders (id, location_id) ON DELETE CASCADE
);
CREATE INDEX order_tokens_order ON order_tokens (location_id, order_id);
ALTER TABLE order_tokens ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON order_tokens USING (location_id = (SELECT slotwise_business_id()));
CREATE POLICY every_business ON order_tokens TO slotwise_every USING (true);

-- An order's items and first step are written before the order itself in
-- the transaction that creates it, so the business's order counter, taken
-- with the order's row, is held only for that statement and the commit:
-- the references are checked at the commit.
ALTER TABLE order_items ALTER CONSTRAINT order_items_order_id_location_id_fkey DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE order_history ALTER CONSTRAINT order_history_order_id_location_id_fkey DEFERRABLE INITIALLY DEFERRED;

-- A variant's name in other languages is its product's translation's
-- (products/oil.de.yaml's variants:), kept with the product's other texts.
CREATE OR REPLACE FUNCTION variant_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND (OLD.position, OLD.name, OLD.price_cents, variant_shown(OLD))
        IS NOT DISTINCT FROM (NEW.position, NEW.name, NEW.price_cents, variant_shown(NEW)) THEN
        RETURN NULL;
    END IF;
    IF TG_OP = 'DELETE' THEN
        PERFORM notify_change(OLD.location_id, 'product:' || OLD.product_id);
    ELSE
        PERFORM notify_change(NEW.location_id, 'product:' || NEW.product_id);
    END IF;
    RETURN NULL;
END
$$;
ALTER TABLE product_variants DROP COLUMN translations;
