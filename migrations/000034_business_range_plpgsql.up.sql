-- The bounds of 000033's policy in PL/pgSQL. A policy reads each bound in
-- an InitPlan of its own, one per table a statement reads; a SQL function
-- that is not inlined there is parsed and planned again at every InitPlan
-- (its cache lives only as long as the call site), so a statement reading
-- eight business tables planned sixteen small functions each time: a
-- calendar's page query took 2.7 ms, 1.5 ms of it this. A PL/pgSQL
-- function is compiled once per connection and its statements' plans are
-- kept: the same query takes 1.5 ms (pgbench, ten thousand businesses).
-- The rule is unchanged: one business's id when the transaction names
-- one, the whole range for work across businesses, else the only business
-- there is (slotwise_business).
CREATE OR REPLACE FUNCTION slotwise_business_from() RETURNS bigint
    LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
    v text := current_setting('slotwise.business', true);
BEGIN
    IF v ~ '^[0-9]+$' THEN
        RETURN v::bigint;
    ELSIF v = 'every' THEN
        RETURN -9223372036854775808;
    END IF;
    RETURN slotwise_business();
END $$;

CREATE OR REPLACE FUNCTION slotwise_business_to() RETURNS bigint
    LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
    v text := current_setting('slotwise.business', true);
BEGIN
    IF v ~ '^[0-9]+$' THEN
        RETURN v::bigint;
    ELSIF v = 'every' THEN
        RETURN 9223372036854775807;
    END IF;
    RETURN slotwise_business();
END $$;
