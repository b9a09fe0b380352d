package availability

import (
	"fmt"
	"time"
)

// Date is a calendar date without zone.
type Date struct {
	Year  int
	Month time.Month
	Day   int
}

// ParseDate reads a strict "YYYY-MM-DD" date.
func ParseDate(s string) (Date, error) {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return Date{}, fmt.Errorf("availability: date %q is not YYYY-MM-DD", s)
	}
	y, okY := digits(s[0:4])
	m, okM := digits(s[5:7])
	d, okD := digits(s[8:10])
	if !okY || !okM || !okD {
		return Date{}, fmt.Errorf("availability: date %q is not YYYY-MM-DD", s)
	}
	if m < 1 || m > 12 || d < 1 || d > daysIn(y, time.Month(m)) {
		return Date{}, fmt.Errorf("availability: date %q does not exist", s)
	}
	return Date{Year: y, Month: time.Month(m), Day: d}, nil
}

// String formats the date as "YYYY-MM-DD".
func (d Date) String() string {
	return fmt.Sprintf("%04d-%02d-%02d", d.Year, int(d.Month), d.Day)
}

// AddDays returns the date n days later (earlier when n < 0).
func (d Date) AddDays(n int) Date {
	return dateFromDays(d.days() + int64(n))
}

// Weekday returns the day of the week of d.
func (d Date) Weekday() time.Weekday {
	return weekdayOf(d.days())
}

// Compare returns -1, 0 or +1 as d is before, equal to or after e.
func (d Date) Compare(e Date) int {
	a, b := d.days(), e.days()
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// DateOf returns the calendar date of instant t in zone (UTC when nil).
func DateOf(t time.Time, zone *time.Location) Date {
	y, m, d := t.In(orUTC(zone)).Date()
	return Date{Year: y, Month: m, Day: d}
}

func orUTC(zone *time.Location) *time.Location {
	if zone == nil {
		return time.UTC
	}
	return zone
}

// days counts days since 1970-01-01 in the proleptic Gregorian calendar; an
// out-of-range month or day is normalised the way time.Date does.
func (d Date) days() int64 {
	y, m := int64(d.Year), int64(d.Month)-1
	y += floorDiv(m, 12)
	m = m - floorDiv(m, 12)*12 + 1
	if m <= 2 {
		y--
	}
	era := floorDiv(y, 400)
	yoe := y - era*400
	doy := (153*((m+9)%12)+2)/5 + int64(d.Day) - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}

// dateFromDays is the inverse of Date.days.
func dateFromDays(n int64) Date {
	n += 719468
	era := floorDiv(n, 146097)
	doe := n - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	day := doy - (153*mp+2)/5 + 1
	month := mp + 3
	if mp >= 10 {
		month = mp - 9
	}
	y := yoe + era*400
	if month <= 2 {
		y++
	}
	return Date{Year: int(y), Month: time.Month(month), Day: int(day)}
}

func weekdayOf(days int64) time.Weekday {
	// 1970-01-01 was a Thursday.
	return time.Weekday(days + 4 - floorDiv(days+4, 7)*7)
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func daysIn(y int, m time.Month) int {
	return dateFromDays(Date{Year: y, Month: m + 1, Day: 1}.days() - 1).Day
}

func digits(s string) (int, bool) {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}
