DROP TRIGGER booking_terms_keep ON bookings;
DROP FUNCTION booking_terms_keep();
DROP FUNCTION booking_terms_of(text, text, text, text);
DROP TABLE booking_terms;
