package recur

import "time"

// Days are counted from 1970-01-01 (day 0), seconds from its midnight:
// plain integers keep a step of expansion a few nanoseconds long.

// dayOf is the day number of a civil date (Howard Hinnant's days_from_civil).
func dayOf(y, m, d int) int64 {
	if m <= 2 {
		y--
	}
	era := floorDiv(int64(y), 400)
	yoe := int64(y) - era*400
	mp := int64(m+9) % 12
	doy := (153*mp+2)/5 + int64(d) - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}

// civil is the date of a day number (civil_from_days).
func civil(day int64) (y, m, d int) {
	z := day + 719468
	era := floorDiv(z, 146097)
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d = int(doy - (153*mp+2)/5 + 1)
	m = int(mp + 3)
	if m > 12 {
		m -= 12
	}
	y = int(yoe + era*400)
	if m <= 2 {
		y++
	}
	return y, m, d
}

// weekday of a day number: 1970-01-01 was a Thursday.
func weekday(day int64) time.Weekday {
	return time.Weekday(floorMod(day+4, 7))
}

func leap(y int) bool { return y%4 == 0 && (y%100 != 0 || y%400 == 0) }

func yearLen(y int) int {
	if leap(y) {
		return 366
	}
	return 365
}

func monthLen(y, m int) int {
	switch m {
	case 2:
		if leap(y) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// week1 is the first day of week 1 of year y for weeks starting on wkst:
// the week holding at least four days of y, so the one holding 4 January.
func week1(y int, wkst time.Weekday) int64 {
	jan4 := dayOf(y, 1, 4)
	return jan4 - int64((int(weekday(jan4))-int(wkst)+7)%7)
}

// weekNo is the number of the week holding day, counted from the start
// of its own week-numbering year, and from its end (-1 the last week).
func weekNo(day int64, y int, wkst time.Weekday) (int, int) {
	start := week1(y, wkst)
	switch {
	case day < start:
		y--
		start = week1(y, wkst)
	case day >= week1(y+1, wkst):
		y++
		start = week1(y, wkst)
	}
	weeks := int(week1(y+1, wkst)-start) / 7
	n := int(day-start)/7 + 1
	return n, n - weeks - 1
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func floorMod(a, b int64) int64 { return a - floorDiv(a, b)*b }

// ceilDiv is ⌈a/b⌉ for b > 0.
func ceilDiv(a, b int64) int64 { return -floorDiv(-a, b) }

const secondsPerDay = 86400

// secondsOf is a wall-clock time as seconds from 1970-01-01 00:00.
func secondsOf(t time.Time) int64 {
	y, mo, d := t.Date()
	h, mi, s := t.Clock()
	return dayOf(y, int(mo), d)*secondsPerDay + int64(h*3600+mi*60+s)
}

// timeOf is the wall-clock time of seconds, as a UTC value.
func timeOf(sec int64) time.Time {
	day := floorDiv(sec, secondsPerDay)
	y, m, d := civil(day)
	rest := int(sec - day*secondsPerDay)
	return time.Date(y, time.Month(m), d, rest/3600, rest/60%60, rest%60, 0, time.UTC)
}
