DROP TABLE operator_tokens;
