import type { ReactNode } from 'react';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { withLocale } from '../lib/navigation';
import { usePage } from '../PageContext';
import styles from './Widget.module.css';

// WidgetShell frames calendar and form widgets: one card, above it the
// way back to the business's website (on its own pages, not in a frame)
// and the language switch, the business's brand colour through --brand.
export function WidgetShell({ narrow, children }: { narrow?: boolean; children: ReactNode }) {
  const { locale, siteName } = usePage();
  return (
    <div className={styles.shell}>
      <header className={narrow ? `${styles.bar} ${styles.barNarrow}` : styles.bar}>
        <a className={styles.site} href={withLocale('/', locale)}>
          {siteName}
        </a>
        <LanguageSwitcher />
      </header>
      <main className={narrow ? `${styles.card} ${styles.narrow}` : styles.card} id="main">
        {children}
      </main>
    </div>
  );
}
