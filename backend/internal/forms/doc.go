// Package forms is the one form engine: contact forms, quizzes, surveys and
// a calendar's booking questions are all definitions of it.
//
// A Definition is steps of fields plus rules. The rules show or hide a
// field, or jump from the end of a step to a later one, when a group of
// conditions matches. Reach walks a definition over the answers given, the
// way the visitor walked it, and tells which steps were on their path and
// which fields they could see; Prune keeps only answers to those, so no
// answer to a question the visitor could not reach is ever stored. Check
// validates each reachable field by its type and bounds, returning message
// ids the client shares (ui/src/features/forms/engine). The browser runs
// the same walk and the same checks; shared vectors (testdata/vectors.json)
// hold both to one behaviour.
//
// A rule may only look at fields that come before its target, so one pass
// in form order decides everything, and a jump only goes forward, so every
// path ends. CheckDefinition refuses a definition that breaks either.
//
// A quiz's score is computed here, on the server, from points and correct
// answers the browser never sees.
package forms
