ALTER TABLE payments DROP COLUMN account_id;
DROP TABLE payment_accounts;
