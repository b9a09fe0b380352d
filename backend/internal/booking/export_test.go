package booking

// BusySQL is busySQL, for the test of its plan.
var BusySQL = busySQL
