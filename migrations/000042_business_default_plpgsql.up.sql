-- The business a row is written for by default (every business table's
-- location_id DEFAULT slotwise_business()) in PL/pgSQL, as 000034 did for
-- the policies' bound. A SQL function PostgreSQL cannot inline (this one
-- holds a subquery, the only business's fallback) is parsed and planned
-- again by every statement that calls it: each INSERT that left the
-- business to its default spent a tenth of a millisecond on it, before
-- its row was written (a payment event's two inserts, 0.2 ms). PL/pgSQL
-- is compiled once per connection and keeps its statements' plans. The
-- rule is unchanged: the id the transaction names, none for work across
-- businesses (which names each row's own), else the only business there
-- is.
CREATE OR REPLACE FUNCTION slotwise_business() RETURNS bigint
    LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
    v text := current_setting('slotwise.business', true);
BEGIN
    IF v ~ '^[0-9]+$' THEN
        RETURN v::bigint;
    ELSIF v = 'every' THEN
        RETURN NULL;
    END IF;
    RETURN (SELECT min(id) FROM locations HAVING count(*) = 1);
END $$;
