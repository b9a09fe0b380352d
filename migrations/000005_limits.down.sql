DROP TABLE IF EXISTS rate_limits;
