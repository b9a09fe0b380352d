// clockShift reads SLOTWISE_CLOCK_SHIFT as the server's clock package does
// ("10y", or a duration of hours, minutes and seconds such as "36h"): a run
// with it set moves the server, the tests' own dates and the browser's
// clock together, years ahead, to prove nothing depends on the day.
export function clockShift(text = '') {
  if (!text) return (ms) => ms;
  const years = /^([+-]?\d{1,3})y$/.exec(text);
  if (years) {
    return (ms) => {
      const d = new Date(ms);
      d.setUTCFullYear(d.getUTCFullYear() + Number(years[1]));
      return d.getTime();
    };
  }
  const parts = [...text.matchAll(/([+-]?\d+(?:\.\d+)?)(h|m|s)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== text) throw new Error(`SLOTWISE_CLOCK_SHIFT=${text} is neither years nor a duration`);
  const offset = parts.reduce((sum, [, n, unit]) => sum + Number(n) * { h: 3600000, m: 60000, s: 1000 }[unit], 0);
  return (ms) => ms + offset;
}
