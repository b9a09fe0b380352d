-- The shop sells: a product's variants with their own price and stock,
-- the business's shop settings (tax, shipping, pick-up), visitors' carts,
-- orders with their items, and the payments that pay them.
-- Amounts are integers in the currency's minor unit.

-- A product is sold as one of its variants; a product without variants of
-- its own has one, "default". on_hand is what the business has; held is
-- what open checkouts keep for themselves until their payment settles.
-- What a visitor can still buy is on_hand - held, unless stock is not
-- tracked or the variant keeps selling when out.
CREATE TABLE product_variants (
    location_id   bigint  NOT NULL DEFAULT slotwise_business(),
    product_id    text    NOT NULL,
    id            text    NOT NULL CHECK (id ~ '^[a-z0-9][a-z0-9-]{0,59}$'),
    position      int     NOT NULL DEFAULT 0,
    name          text    NOT NULL DEFAULT '' CHECK (length(name) <= 200),
    translations  jsonb   NOT NULL DEFAULT '{}',
    price_cents   bigint  NOT NULL CHECK (price_cents >= 0),
    track_stock   boolean NOT NULL DEFAULT false,
    sell_when_out boolean NOT NULL DEFAULT false,
    on_hand       integer NOT NULL DEFAULT 0 CHECK (on_hand BETWEEN -1000000 AND 1000000),
    held          integer NOT NULL DEFAULT 0 CHECK (held >= 0),
    PRIMARY KEY (product_id, id, location_id),
    FOREIGN KEY (product_id, location_id) REFERENCES products (id, location_id) ON DELETE CASCADE ON UPDATE CASCADE
);
COMMENT ON COLUMN product_variants.held IS
    'Units kept by pending orders: taken by one conditional UPDATE in the transaction that creates the order, given back when its hold ends unpaid.';

-- What a product's pages say of a variant's stock: "in" (plenty, or not
-- counted), the count when few are left, "out". Cached product and
-- collection pages are dropped when it changes, not at every sale, so
-- they stay cached while stock moves.
CREATE FUNCTION variant_shown(v product_variants) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN NOT v.track_stock OR v.sell_when_out THEN 'in'
                WHEN v.on_hand - v.held <= 0 THEN 'out'
                WHEN v.on_hand - v.held <= 5 THEN (v.on_hand - v.held)::text
                ELSE 'in' END
$$;

CREATE FUNCTION variant_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER product_variants_changed AFTER INSERT OR UPDATE OR DELETE ON product_variants FOR EACH ROW EXECUTE FUNCTION variant_changed();

-- The business's shop: its tax, its shipping rates per group of countries
-- and its pick-up promise, as location.yaml's shop: says (content.Shop).
ALTER TABLE locations ADD COLUMN shop jsonb NOT NULL DEFAULT '{}';
-- A product's tax rate when it differs from the shop's (a voucher's 0 %),
-- in hundredths of a percent; NULL: the shop's.
ALTER TABLE products ADD COLUMN tax_basis_points int CHECK (tax_basis_points BETWEEN 0 AND 10000);

-- A visitor's cart: ids and quantities only, keyed by the cookie's id.
-- Prices are never kept here; every screen computes them from the
-- business's current data.
CREATE TABLE carts (
    location_id bigint      NOT NULL DEFAULT slotwise_business() REFERENCES locations (id) ON DELETE CASCADE,
    id          text        NOT NULL CHECK (id ~ '^[A-Za-z0-9_-]{20,64}$'),
    items       jsonb       NOT NULL DEFAULT '[]',
    updated_at  timestamptz NOT NULL,
    PRIMARY KEY (id, location_id)
);
CREATE INDEX carts_by_age ON carts (updated_at);

CREATE TABLE orders (
    location_id    bigint      NOT NULL DEFAULT slotwise_business() REFERENCES locations (id) ON DELETE CASCADE,
    id             text        NOT NULL CHECK (id ~ '^ord_[A-Za-z0-9_-]{16,40}$'),
    number         bigint      NOT NULL CHECK (number > 0),
    -- one pending order per cart: a second submit of the same checkout
    -- meets the first's
    cart_id        text        NOT NULL,
    token_hash     bytea       NOT NULL,
    status         text        NOT NULL DEFAULT 'pending'
                   CHECK (status IN ('pending', 'paid', 'fulfilled', 'expired', 'cancelled', 'refunded')),
    stock          text        NOT NULL DEFAULT 'held' CHECK (stock IN ('held', 'taken', 'released', 'returned')),
    locale         text        NOT NULL,
    email          text        NOT NULL,
    name           text        NOT NULL,
    phone          text        NOT NULL DEFAULT '',
    delivery       text        NOT NULL CHECK (delivery IN ('ship', 'pickup')),
    address        jsonb       NOT NULL DEFAULT '{}',
    currency       text        NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    subtotal_cents bigint      NOT NULL CHECK (subtotal_cents >= 0),
    shipping_cents bigint      NOT NULL CHECK (shipping_cents >= 0),
    tax_cents      bigint      NOT NULL CHECK (tax_cents >= 0),
    total_cents    bigint      NOT NULL CHECK (total_cents > 0),
    tax_inclusive  boolean     NOT NULL,
    paid_cents     bigint      NOT NULL DEFAULT 0 CHECK (paid_cents >= 0),
    refunded_cents bigint      NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0 AND refunded_cents <= paid_cents),
    refund_due_cents bigint    NOT NULL DEFAULT 0 CHECK (refund_due_cents >= 0),
    hold_until     timestamptz NOT NULL,
    ready_at       timestamptz,
    tracking_url   text        NOT NULL DEFAULT '',
    created_at     timestamptz NOT NULL,
    paid_at        timestamptz,
    fulfilled_at   timestamptz,
    closed_at      timestamptz,
    updated_at     timestamptz NOT NULL,
    PRIMARY KEY (id, location_id),
    UNIQUE (location_id, number)
);
COMMENT ON COLUMN orders.status IS
    'pending: waiting for its payment until hold_until; paid; fulfilled: shipped or picked up; expired: the hold ended unpaid;
     cancelled: by the business after payment; refunded: all money given back. States only move forward.';
COMMENT ON COLUMN orders.stock IS
    'held: counted in product_variants.held; taken: subtracted from on_hand; released: the hold ended; returned: put back by a cancel.';
CREATE UNIQUE INDEX orders_one_pending_per_cart ON orders (location_id, cart_id) WHERE status = 'pending';
CREATE INDEX orders_holds_ending ON orders (hold_until) WHERE status = 'pending';
CREATE INDEX orders_newest ON orders (location_id, created_at DESC);

-- Each business numbers its orders from 1001 up, without gaps: the
-- counter's row is taken last in the transaction that creates the order.
CREATE TABLE order_numbers (
    location_id bigint NOT NULL DEFAULT slotwise_business() REFERENCES locations (id) ON DELETE CASCADE,
    last        bigint NOT NULL,
    PRIMARY KEY (location_id)
);

CREATE TABLE order_items (
    location_id  bigint NOT NULL DEFAULT slotwise_business(),
    order_id     text   NOT NULL,
    position     int    NOT NULL,
    product_id   text   NOT NULL,
    variant_id   text   NOT NULL,
    name         text   NOT NULL,
    variant_name text   NOT NULL DEFAULT '',
    unit_cents   bigint NOT NULL CHECK (unit_cents >= 0),
    quantity     int    NOT NULL CHECK (quantity BETWEEN 1 AND 999),
    tax_basis_points int NOT NULL CHECK (tax_basis_points BETWEEN 0 AND 10000),
    PRIMARY KEY (order_id, position, location_id),
    FOREIGN KEY (order_id, location_id) REFERENCES orders (id, location_id) ON DELETE CASCADE
);

-- Order history: what happened to an order and who did it.
CREATE TABLE order_history (
    id          bigserial,
    location_id bigint      NOT NULL DEFAULT slotwise_business(),
    order_id    text        NOT NULL,
    action      text        NOT NULL,
    actor       text        NOT NULL DEFAULT '',
    detail      text        NOT NULL DEFAULT '',
    at          timestamptz NOT NULL,
    PRIMARY KEY (id, location_id),
    FOREIGN KEY (order_id, location_id) REFERENCES orders (id, location_id) ON DELETE CASCADE
);
CREATE INDEX order_history_order ON order_history (location_id, order_id, id);

-- A payment pays a booking or an order.
ALTER TABLE payments ALTER COLUMN booking_id DROP NOT NULL;
ALTER TABLE payments ADD COLUMN order_id text;
ALTER TABLE payments ADD CONSTRAINT payments_pays_one CHECK (num_nonnulls(booking_id, order_id) = 1);
ALTER TABLE payments ADD CONSTRAINT payments_order_id_fkey
    FOREIGN KEY (order_id, location_id) REFERENCES orders (id, location_id) ON DELETE CASCADE;
CREATE UNIQUE INDEX payments_one_open_order ON payments (order_id, location_id) WHERE status IN ('open', 'processing');
-- A form's post that opens a checkout answers with the provider's page:
-- the server sends a visitor to another site only when it is the page of
-- one of its open checkouts (payments.Service.OpensCheckout).
CREATE INDEX payments_open_checkouts ON payments (location_id, checkout_url) WHERE status IN ('open', 'processing');

ALTER TABLE product_variants ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON product_variants USING (location_id = (SELECT slotwise_business_id()));
CREATE POLICY every_business ON product_variants TO slotwise_every USING (true);
ALTER TABLE carts ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON carts USING (location_id = (SELECT slotwise_business_id()));
CREATE POLICY every_business ON carts TO slotwise_every USING (true);
ALTER TABLE orders ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON orders USING (location_id = (SELECT slotwise_business_id()));
CREATE POLICY every_business ON orders TO slotwise_every USING (true);
ALTER TABLE order_items ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON order_items USING (location_id = (SELECT slotwise_business_id()));
CREATE POLICY every_business ON order_items TO slotwise_every USING (true);
ALTER TABLE order_numbers ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON order_numbers USING (location_id = (SELECT slotwise_business_id()));
CREATE POLICY every_business ON order_numbers TO slotwise_every USING (true);
ALTER TABLE order_history ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON order_history USING (location_id = (SELECT slotwise_business_id()));
CREATE POLICY every_business ON order_history TO slotwise_every USING (true);
