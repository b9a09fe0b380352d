// Package icalbusy turns iCalendar data into the busy intervals of one
// person. It is pure: it reads bytes and returns instants, with no storage
// and no network, and it expands recurrences itself, because servers
// disagree on server-side expansion.
//
// The rules, in order:
//
//  1. Only VEVENTs count. An event does not block when it is free
//     (TRANSP:TRANSPARENT), cancelled (STATUS:CANCELLED), declined by the
//     person (an ATTENDEE with one of Options.Addresses and
//     PARTSTAT=DECLINED), or one of our own bookings (Options.Own says so
//     by its UID: a booking already blocks its time, and must not block its
//     own reschedule).
//  2. Times are read in their own zone: UTC ("Z"), an IANA TZID, a TZID
//     defined by the file's VTIMEZONE (Outlook's "W. Europe Standard Time"),
//     or floating (no zone: the person's zone). All-day events (DATE values)
//     are whole days in the person's zone, from midnight to midnight.
//  3. A recurring event (RRULE, RDATE) is expanded on the wall clock of its
//     zone, so a weekly 09:00 in New York stays 09:00 in New York across
//     daylight-saving changes. EXDATEs remove occurrences; a VEVENT with a
//     RECURRENCE-ID replaces the occurrence it names (it may move it, free
//     it or cancel it). RANGE=THISANDFUTURE is read as that one occurrence.
//  4. Only occurrences that touch Options.From..To are kept, at most
//     Options.MaxOccurrences per event, and a rule is iterated at most
//     maxSteps times, so a FREQ=SECONDLY rule from 1970 cannot stall a sync.
//
// An event that cannot be read (a malformed date, an unknown value) is
// skipped and counted in Result.Skipped; the rest of the file still counts.
package icalbusy
