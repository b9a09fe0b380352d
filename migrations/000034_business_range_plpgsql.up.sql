-- The bounds of 000033's policy in PL/pgSQL. A policy reads each bound in
-- an InitPlan of its own, one per table a statement reads; a SQL function
-- that cannot be inlined there (the old bounds could not: the only
-- business's fallback is a subquery) is parsed and planned again at every
-- InitPlan, so a statement reading eight business tables planned sixteen
-- small functions each time: a calendar's page query took 2.7 ms, 1.5 ms
-- of it this. A PL/pgSQL function is compiled once per connection and its
-- statements' plans are kept: the same query takes 1.5 ms (pgbench, ten
-- thousand businesses). The bounds themselves are one call of it, which
-- PostgreSQL inlines. The rule is unchanged: one business's id when the
-- transaction names one, the whole range (every) for work across
-- businesses, else the only business there is (slotwise_business).
CREATE FUNCTION slotwise_business_bound(every bigint) RETURNS bigint
    LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
    v text := current_setting('slotwise.business', true);
BEGIN
    IF v ~ '^[0-9]+$' THEN
        RETURN v::bigint;
    ELSIF v = 'every' THEN
        RETURN every;
    END IF;
    RETURN slotwise_business();
END $$;

CREATE OR REPLACE FUNCTION slotwise_business_from() RETURNS bigint
    LANGUAGE sql STABLE PARALLEL SAFE AS $$ SELECT slotwise_business_bound(-9223372036854775808) $$;
CREATE OR REPLACE FUNCTION slotwise_business_to() RETURNS bigint
    LANGUAGE sql STABLE PARALLEL SAFE AS $$ SELECT slotwise_business_bound(9223372036854775807) $$;
