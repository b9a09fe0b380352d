import type { ContactWay } from '../generated/web';
import styles from './ContactWays.module.css';

// ContactWays are the business's own ways to be reached (call, write, its
// contact form), for what a page cannot do itself; the server words them.
export function ContactWays({ ways }: { ways: ContactWay[] }) {
  return (
    <ul className={styles.ways}>
      {ways.map((w) => (
        <li key={w.href}>
          <a href={w.href}>{w.label}</a>
        </li>
      ))}
    </ul>
  );
}
