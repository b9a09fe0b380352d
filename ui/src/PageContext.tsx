import { createContext, useContext } from 'react';
import type { Payload } from './payload';

export interface PageState {
  payload: Payload;
  navigating: boolean;
}

export const PageContext = createContext<PageState | null>(null);

export function usePage<D = unknown>(): Payload<D> {
  const state = useContext(PageContext);
  if (!state) throw new Error('usePage outside PageHost');
  return state.payload as Payload<D>;
}

export function useNavigating(): boolean {
  return useContext(PageContext)?.navigating ?? false;
}
