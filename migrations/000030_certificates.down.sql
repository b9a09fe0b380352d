DROP TABLE acme_storage;
