import type { ReactNode } from 'react';
import styles from './Alert.module.css';

// Alert says what went wrong, read out as soon as it appears: a refused
// booking or form, a link that no longer works, a failed change.
export function Alert({ children }: { children: ReactNode }) {
  return (
    <div className={styles.alert} role="alert">
      <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="12" cy="12" r="10" />
        <path d="M12 7v6M12 16.5v.5" />
      </svg>
      <p>{children}</p>
    </div>
  );
}
