-- Work the deployment does once, not at every start: a replica that starts
-- after it is done skips it (db.RunUpkeep). 'plan leftovers' plans the
-- reminders and agendas of bookings and people made before reminders
-- existed (an upgrade): every booking and person since is planned as it
-- is made. Deleting its row plans again at the next start
-- (docs/operations.md).
CREATE TABLE upkeep (
    task    text PRIMARY KEY,
    done_at timestamptz NOT NULL DEFAULT now()
);
