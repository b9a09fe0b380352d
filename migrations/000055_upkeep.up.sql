-- Work the deployment does once, not at every start: a replica that starts
-- after it is done skips it. 'plan leftovers' plans the reminders and
-- agendas of bookings and people made before reminders existed (an
-- upgrade); every booking and person since is planned as it is made, so
-- a database without bookings has nothing to plan, ever. Deleting its row
-- plans again at the next start (docs/operations.md).
CREATE TABLE upkeep (
    task    text PRIMARY KEY,
    done_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO upkeep (task) SELECT 'plan leftovers' WHERE NOT EXISTS (SELECT 1 FROM bookings);
