-- Each business's own accounts at payment providers: keys and webhook
-- secrets, sealed (package seal) like the calendar passwords, so the
-- database holds no key in clear; hint is what the business sees of one
-- afterwards (the key's mode and last characters). An account is never
-- changed: connecting again retires the live one (retired_at) and adds
-- another, so a payment keeps the account that took it (payments.
-- account_id; none: the operator's account of the environment) for its
-- provider's events, its expiry and its refunds, whatever the business
-- connects later.
CREATE TABLE payment_accounts (
    id          bigserial,
    location_id bigint NOT NULL REFERENCES locations (id) ON DELETE CASCADE,
    provider    text NOT NULL CHECK (provider IN ('stripe', 'razorpay', 'paypal')),
    secret      bytea NOT NULL,
    hint        text NOT NULL DEFAULT '' CHECK (length(hint) <= 80),
    created_at  timestamptz NOT NULL DEFAULT now(),
    retired_at  timestamptz,
    PRIMARY KEY (id, location_id)
);
CREATE UNIQUE INDEX payment_accounts_live ON payment_accounts (provider, location_id) WHERE retired_at IS NULL;
ALTER TABLE payment_accounts ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON payment_accounts USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
GRANT SELECT, INSERT, UPDATE, DELETE ON payment_accounts TO slotwise_app;
GRANT USAGE, SELECT, UPDATE ON SEQUENCE payment_accounts_id_seq TO slotwise_app;

ALTER TABLE payments ADD COLUMN account_id bigint;
ALTER TABLE payments ADD CONSTRAINT payments_account_id_fkey
    FOREIGN KEY (account_id, location_id) REFERENCES payment_accounts (id, location_id);

-- A business's booking pages say whether it takes payments online: they
-- change with its accounts, as with its other booking settings.
CREATE TRIGGER payment_accounts_changed AFTER INSERT OR UPDATE OR DELETE ON payment_accounts
    FOR EACH ROW EXECUTE FUNCTION booking_config_changed();
