CREATE OR REPLACE FUNCTION slotwise_business() RETURNS bigint
    LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT CASE
        WHEN current_setting('slotwise.business', true) ~ '^[0-9]+$'
            THEN current_setting('slotwise.business', true)::bigint
        WHEN current_setting('slotwise.business', true) = 'every'
            THEN NULL -- work across businesses names each row's business
        ELSE (SELECT min(id) FROM locations HAVING count(*) = 1)
    END
$$;
