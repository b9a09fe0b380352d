ALTER TABLE locations DROP COLUMN payment_provider;
