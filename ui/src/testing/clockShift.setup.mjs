// A run that moves the clock (SLOTWISE_CLOCK_SHIFT, see scripts/test.sh)
// moves the unit tests' Date with it; timers stay real.
import { vi } from 'vitest';
import { clockShift } from './clockShift.mjs';

const text = process.env.SLOTWISE_CLOCK_SHIFT;
if (text) {
  vi.useFakeTimers({ now: clockShift(text)(Date.now()), toFake: ['Date'], shouldAdvanceTime: true });
}
