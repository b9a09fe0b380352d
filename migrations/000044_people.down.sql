DROP TABLE admin_sessions;
DROP TABLE sign_in_links;
DROP TABLE people;
