package db

// FindPostgresBinIn exposes the search with injectable locations.
var FindPostgresBinIn = findPostgresBin
