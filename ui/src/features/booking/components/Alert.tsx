import type { ReactNode } from 'react';
import { AlertIcon } from './Icons';
import styles from './Alert.module.css';

// Alert says what went wrong, read out as soon as it appears: a refused
// booking, a link that no longer works, a failed change.
export function Alert({ children }: { children: ReactNode }) {
  return (
    <div className={styles.alert} role="alert">
      <AlertIcon />
      <p>{children}</p>
    </div>
  );
}
