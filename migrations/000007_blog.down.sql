DROP TABLE post_tags;
DROP TABLE post_categories;
DROP TABLE posts;
DROP TABLE tags;
DROP TABLE blog_categories;
DROP TABLE authors;
DROP TABLE blogs;
