package booking

import (
	"sync"
	"time"
)

var zoneCache sync.Map // name → *time.Location

// loadZone resolves an IANA zone name once; time.LoadLocation reads tzdata
// on every call, which availability would otherwise do per request.
func loadZone(name string) (*time.Location, error) {
	if v, ok := zoneCache.Load(name); ok {
		return v.(*time.Location), nil
	}
	if name == "" || name == "Local" {
		return nil, errUnknownZone
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, err
	}
	zoneCache.Store(name, loc)
	return loc, nil
}

type zoneError struct{}

func (zoneError) Error() string { return "booking: unknown time zone" }

var errUnknownZone error = zoneError{}
