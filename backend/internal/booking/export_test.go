package booking

// BusySQL is busySQL, for the test of its plan.
var BusySQL = busySQL

// SearchAsBroad makes every search read as a broad one (from its rarest
// word's terms) until the test ends.
func SearchAsBroad(t interface{ Cleanup(func()) }) {
	before := broadSearch
	broadSearch = 1
	t.Cleanup(func() { broadSearch = before })
}
