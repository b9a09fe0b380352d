-- The provider a business takes online payments through (stripe,
-- razorpay, paypal); NULL is the operator's default, the one configured.
ALTER TABLE locations ADD COLUMN payment_provider text CHECK (payment_provider IN ('stripe', 'razorpay', 'paypal'));
