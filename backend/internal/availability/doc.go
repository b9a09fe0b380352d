// Package availability computes free appointment slots. It is pure
// arithmetic over instants and wall-clock hours: no storage, no I/O, and it
// depends on nothing else in the project.
//
// The rules, in the order they are applied:
//
//  1. Working time. For every staff-local date that can touch the queried
//     instants, the staff member's hours are the Override for that date when
//     there is one (Closed, or no Hours, means no hours that day), otherwise
//     Weekly[weekday]. Each LocalRange is turned into instants in the staff's
//     zone with these wall-clock rules:
//     a wall time that does not exist (the spring-forward gap) means the
//     first instant after the gap, so 02:30 on 2026-03-08 in
//     America/New_York is 03:00 EDT;
//     a wall time that exists twice (fall-back) means its first occurrence;
//     "24:00" is the start of the next date.
//     Consequently 00:00–04:00 lasts 5 real hours on a fall-back night and
//     3 on a spring-forward night, and 00:00–24:00 lasts 25 and 23 hours.
//     Ranges are not merged: each is a working range of its own. Malformed
//     ranges (see LocalRange.Validate) are ignored. A nil zone means UTC.
//  2. Slot starts step by Rules.Interval (Rules.Duration when zero) in real,
//     absolute time from the start of each working range, and a slot needs
//     [start, start+Duration) wholly inside that range.
//  3. A start is free for a staff member when Blocked(start, rules), that is
//     [start-BufferBefore, start+Duration+BufferAfter), overlaps none of the
//     member's Busy intervals. Intervals are half-open, so touching is
//     allowed. Busy intervals are already widened by their own buffers.
//  4. start >= Now+MinNotice; start < Now+Window when Window > 0; and
//     From <= start < To.
//  5. With MaxPerDay > 0, a staff member has no slots on a staff-local date
//     whose DayCounts entry is MaxPerDay or more. The date of a slot is the
//     date of the working range it comes from, which is the staff-local
//     calendar date of its start.
//  6. The result is the union over staff: one Slot per distinct start
//     instant, listing every free staff ID in ascending order.
//
// Slot starts are returned in UTC; GroupByDay and DayRange speak in the
// booker's zone.
package availability
