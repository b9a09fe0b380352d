ALTER TABLE product_variants ADD COLUMN translations jsonb NOT NULL DEFAULT '{}';
CREATE OR REPLACE FUNCTION variant_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND (OLD.position, OLD.name, OLD.translations, OLD.price_cents, variant_shown(OLD))
        IS NOT DISTINCT FROM (NEW.position, NEW.name, NEW.translations, NEW.price_cents, variant_shown(NEW)) THEN
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
ALTER TABLE order_history ALTER CONSTRAINT order_history_order_id_location_id_fkey NOT DEFERRABLE;
ALTER TABLE order_items ALTER CONSTRAINT order_items_order_id_location_id_fkey NOT DEFERRABLE;
DROP TABLE order_tokens;
ALTER TABLE orders DROP COLUMN ready_told_at;
ALTER TABLE orders DROP COLUMN shipping_name;
ALTER TABLE orders DROP COLUMN tax_name;
