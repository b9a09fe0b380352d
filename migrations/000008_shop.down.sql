DROP TABLE media;
DROP TABLE collection_products;
DROP TABLE collections;
DROP TABLE products;
