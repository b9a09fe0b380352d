// Package migrations holds the SQL schema migrations, embedded into the
// binary. Files follow golang-migrate naming: NNNNNN_name.up.sql and
// NNNNNN_name.down.sql, applied in version order by db.Migrate.
package migrations

import "embed"

// FS contains every *.sql migration file of this directory.
//
//go:embed *.sql
var FS embed.FS
