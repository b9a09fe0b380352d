DROP TABLE payment_accounts;
