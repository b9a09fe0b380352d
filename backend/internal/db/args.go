package db

import "strconv"

// Args gathers a query's arguments while its SQL is built (a list's
// optional filters): Add appends one and returns the parameter naming it.
type Args []any

// Add appends v and returns the parameter naming it, $1, $2, …
func (a *Args) Add(v any) string {
	*a = append(*a, v)
	return "$" + strconv.Itoa(len(*a))
}
