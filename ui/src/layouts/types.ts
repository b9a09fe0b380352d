import type { ComponentType, ReactNode } from 'react';
import type { Payload } from '../payload';

export interface LayoutProps {
  payload: Payload;
  children: ReactNode;
}

// A layout module is one chunk: its frame and the screens shown in it.
export interface LayoutModule {
  Layout: ComponentType<LayoutProps>;
  screens: Record<string, ComponentType>;
}

// A layout as its route gets it: the module, or the chunk that brings it.
export type LayoutSource = LayoutModule | (() => Promise<LayoutModule>);
