-- Each business's own account at a payment provider: its keys and its
-- webhook's secret, sealed (package seal) like the calendar passwords, so
-- the database holds no key in clear. hint is what the business sees of
-- the account afterwards (the key's mode and its last characters): the
-- secrets are written, never read back. A business without an account of
-- its own is paid through the operator's (environment) account only when
-- it is the deployment's default business.
CREATE TABLE payment_accounts (
    location_id bigint NOT NULL REFERENCES locations (id) ON DELETE CASCADE,
    provider    text NOT NULL CHECK (provider IN ('stripe', 'razorpay', 'paypal')),
    secret      bytea NOT NULL,
    hint        text NOT NULL DEFAULT '' CHECK (length(hint) <= 80),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, location_id)
);
ALTER TABLE payment_accounts ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON payment_accounts USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
GRANT SELECT, INSERT, UPDATE, DELETE ON payment_accounts TO slotwise_app;

-- A business's booking pages say whether it takes payments online: they
-- change with its accounts, as with its other booking settings.
CREATE TRIGGER payment_accounts_changed AFTER INSERT OR UPDATE OR DELETE ON payment_accounts
    FOR EACH ROW EXECUTE FUNCTION booking_config_changed();
