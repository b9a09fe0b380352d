import type { ReactNode } from 'react';
import styles from './LabelWithMark.module.css';

// LabelWithMark keeps a label's mark (its * or its "Optional") on the line
// of the label's last word: a long label that wraps never leaves the mark
// alone on a line of its own.
export function LabelWithMark({ label, mark }: { label: ReactNode; mark: ReactNode }) {
  if (typeof label !== 'string' || !mark) {
    return (
      <>
        {label}
        {mark}
      </>
    );
  }
  const i = label.trimEnd().lastIndexOf(' ') + 1;
  return (
    <>
      {label.slice(0, i)}
      <span className={styles.glue}>
        {label.slice(i)}
        {mark}
      </span>
    </>
  );
}
