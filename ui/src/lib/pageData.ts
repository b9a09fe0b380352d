import type { Payload } from '../payload';

// The payload on screen, as the router last settled it (router/settle.ts):
// a screen that posted a form reads what its answer led to (the booking
// the booker's details made) once the navigation is over.
let current: Payload | null = null;

export const currentPage = (): Payload | null => current;

export function setCurrentPage(p: Payload) {
  current = p;
}
