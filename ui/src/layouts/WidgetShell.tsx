import type { ReactNode } from 'react';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import styles from './Widget.module.css';

// WidgetShell frames calendar and form widgets: one card, the language
// switch above it, the business's brand colour through --brand.
export function WidgetShell({ narrow, children }: { narrow?: boolean; children: ReactNode }) {
  return (
    <div className={styles.shell}>
      <header className={narrow ? `${styles.bar} ${styles.barNarrow}` : styles.bar}>
        <LanguageSwitcher />
      </header>
      <main className={narrow ? `${styles.card} ${styles.narrow}` : styles.card} id="main">
        {children}
      </main>
    </div>
  );
}
