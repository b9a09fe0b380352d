package db

// BusinessColumn is the column that says whose a row is. Every table is a
// business table, whose rows each carry it (in the primary key, in every
// unique and exclusion constraint, and on both sides of every reference to
// another business table), or one of SharedTables. That is what keeps
// slugs unique per business, a row from pointing at another business's
// rows, and what Citus needs to distribute the business tables by it
// (docs/operations.md, "Growing past one PostgreSQL").
const BusinessColumn = "location_id"

// SharedTables are the deployment's own tables, and why each holds no
// business's rows. With Citus they become reference tables, copied to every
// node (schema_migrations stays on the coordinator).
var SharedTables = map[string]string{
	"schema_migrations":   "the migrations' own record of the schema's version",
	"locations":           "the businesses themselves: its id is the business column of every other table",
	"location_hosts":      "hostnames are resolved to their business before any business is known",
	"app_secrets":         "the deployment's own keys (the form keys', and the seal of calendar passwords and payment keys), never a business's",
	"event_subscriptions": "which consumer takes which type of event: the code's wiring, the same for every business",
	"rate_limits":         "abuse limits' counters: each key is a hash of its business and its client (limits.ofBusiness), so the counters need no business column",
	"operator_tokens":     "the operator's tokens manage the businesses themselves and belong to none",
	"acme_storage":        "certificates are for hostnames, asked for at a handshake before any business is known, and shared by every replica",
	"upkeep":              "the deployment's one-off work, done once for every business",
}
