// Package layers holds the rule of which of our packages may import which,
// and its test checks every package's source against it, so an import
// against the grain fails the build's tests instead of waiting for a
// reader to notice.
//
// From the top: the commands (backend/cmd/…) may import anything; web
// imports the domain and the page engine (web/pages), which knows no
// feature: it stands with the pipeline and shared pieces (command,
// events, notify, route, …) that the domain (booking, forms, sites,
// content, …) imports, which import db; at the bottom, availability, recur, ssr and the
// embedded files (ui, locales, migrations) import nothing of ours (icalbusy,
// pure too, reads its recurrence rules with recur). Inside a layer
// a package may import only those listed after it, so the order of a
// layer is the direction of its imports. A helper beside a package
// (content/contenttest, db/dbtest) stands in its package's place and may
// import it. Tests may import what they need: nothing imports a test.
//
// Tables have owners as packages have places: tables_test.go names the
// packages that may write SQL against a table, and fails on another.
package layers
