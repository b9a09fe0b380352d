CREATE OR REPLACE FUNCTION slotwise_business_from() RETURNS bigint
    LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN slotwise_every_business() THEN -9223372036854775808 ELSE slotwise_business() END
$$;
CREATE OR REPLACE FUNCTION slotwise_business_to() RETURNS bigint
    LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN slotwise_every_business() THEN 9223372036854775807 ELSE slotwise_business() END
$$;
DROP FUNCTION slotwise_business_bound(bigint);
