// Reads each calendar file named on the command line with ical.js, as
// calendar clients built on it do, and prints what it understood: the
// method and each event's UID, start and end in UTC, or the error.
import { readFileSync } from 'node:fs';
import ICAL from 'ical.js';

const out = process.argv.slice(2).map((file) => {
  try {
    const cal = new ICAL.Component(ICAL.parse(readFileSync(file, 'utf8')));
    return {
      method: cal.getFirstPropertyValue('method'),
      events: cal.getAllSubcomponents('vevent').map((c) => {
        const ev = new ICAL.Event(c);
        return { uid: ev.uid, start: ev.startDate.toJSDate().toISOString(), end: ev.endDate.toJSDate().toISOString(), summary: ev.summary };
      }),
    };
  } catch (err) {
    return { error: String(err) };
  }
});
console.log(JSON.stringify(out));
