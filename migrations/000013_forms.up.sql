-- The form engine (backend/internal/forms): contact forms, quizzes, surveys
-- and calendars' booking questions are versioned definitions, and each
-- response records the version it answered.
CREATE TABLE forms (
    id          bigserial PRIMARY KEY,
    slug        text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,79}$'),
    kind        text NOT NULL CHECK (kind IN ('form', 'quiz', 'survey', 'booking')),
    location_id bigint NOT NULL REFERENCES locations,
    published   boolean NOT NULL DEFAULT false,
    version     int NOT NULL DEFAULT 1,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE form_versions (
    form_id    bigint NOT NULL REFERENCES forms ON DELETE CASCADE,
    version    int NOT NULL,
    definition jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (form_id, version)
);

-- A response is unfinished ('partial': a survey left midway keeps what was
-- answered) until it is submitted. token_hash is the SHA-256 of the form
-- key the page was rendered with: the visitor's secret to resume it or to
-- see a quiz's result, and what makes a repeated post one submission.
CREATE TABLE form_responses (
    id           text PRIMARY KEY,
    form_id      bigint NOT NULL,
    version      int NOT NULL,
    status       text NOT NULL CHECK (status IN ('partial', 'submitted')),
    token_hash   bytea NOT NULL UNIQUE,
    answers      jsonb NOT NULL DEFAULT '{}',
    attribution  jsonb NOT NULL DEFAULT '{}', -- utm_* of the page's URL
    step         text NOT NULL DEFAULT '',    -- the last step answered
    locale       text NOT NULL,
    page         text NOT NULL DEFAULT '',    -- the page the form was on (an embedding site's)
    score        int,
    max_score    int,
    band         int,
    started_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    submitted_at timestamptz,
    FOREIGN KEY (form_id, version) REFERENCES form_versions ON DELETE CASCADE,
    CHECK ((status = 'submitted') = (submitted_at IS NOT NULL))
);
CREATE INDEX form_responses_by_form ON form_responses (form_id, started_at DESC);

-- Secrets every replica shares, made by the first that needs one.
CREATE TABLE app_secrets (
    name  text PRIMARY KEY,
    value bytea NOT NULL CHECK (length(value) >= 32)
);

-- A calendar's booking form: the contact fields plus its own questions,
-- whose answers are kept on the booking with the version they answered.
ALTER TABLE calendars ADD COLUMN form_id bigint REFERENCES forms;
ALTER TABLE bookings ADD COLUMN answers jsonb NOT NULL DEFAULT '{}', ADD COLUMN form_version int;

-- A business's name, colour or logo is on every website page: a change
-- drops them all from every replica's page cache ("nav" is on every page).
CREATE FUNCTION location_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM notify_content('nav');
    RETURN NULL;
END
$$;
CREATE TRIGGER locations_changed AFTER UPDATE OF name, brand_color, logo_url ON locations FOR EACH ROW EXECUTE FUNCTION location_changed();
