-- Every read of bookings by their start is one business's now, whose own
-- index (bookings_business_start) serves it. The deployment's index by
-- start alone was worse than unused: a plan made for one set of
-- parameters took it for a big business's upcoming list, since it already
-- gives the order, and read past every other business's bookings of the
-- days ahead (15,000 rows for 51 among 300 businesses).
DROP INDEX IF EXISTS bookings_by_start;
