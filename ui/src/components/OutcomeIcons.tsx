// The icons of what happened (booked, pending, failed) and of the zone
// search: screens after the booker's first, so they load with them, apart
// from the first screen's icons (Icons.tsx).
import { iconBase as base } from './Icons';

export const CheckCircle = () => (
  <svg {...base} width={28} height={28}>
    <circle cx="12" cy="12" r="10" />
    <path d="M8 12.5l2.5 2.5L16 9.5" />
  </svg>
);
export const HourglassIcon = () => (
  <svg {...base} width={28} height={28}>
    <path d="M7 3h10M7 21h10M8 3c0 5 8 5 8 9s-8 4-8 9M16 3c0 5-8 5-8 9" />
  </svg>
);
export const XCircle = () => (
  <svg {...base} width={28} height={28}>
    <circle cx="12" cy="12" r="10" />
    <path d="M9 9l6 6M15 9l-6 6" />
  </svg>
);
export const SearchIcon = () => (
  <svg {...base} width={16} height={16}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </svg>
);
