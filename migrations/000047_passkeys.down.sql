DROP TABLE passkey_ceremonies;
DROP TABLE passkeys;
DROP INDEX people_user_handle;
ALTER TABLE people DROP COLUMN user_handle;
