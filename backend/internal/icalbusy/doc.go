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
//  4. Only occurrences that touch Options.From..To are kept, and the
//     intervals that overlap or touch are merged: a rule repeating every
//     minute is one interval, not a million rows.
//  5. A calendar is written by whoever sends its owner an invitation, so
//     what it makes us do is bounded: rules are expanded by package recur
//     within the window and a Budget of steps shared by the sync (each
//     repeating event first gets an equal share, then those not done
//     share what is left), a deadline on the clock, and at most
//     Options.MaxIntervals intervals. What the budget or the cap did not
//     let through is held busy from where reading stopped to the window's
//     end, never offered on a guess, and Result says so (Result.LeftOut).
//
// An event that cannot be read (a malformed date, an unknown rule part, a
// UID that is not text) is skipped, counted and named in the Result; the
// rest of the file still counts.
package icalbusy
