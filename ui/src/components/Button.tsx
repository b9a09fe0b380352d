import type { ComponentProps } from 'react';
import styles from './Button.module.css';

interface Props extends ComponentProps<'button'> {
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  // busy: an action is in progress; the button stays focusable and says so.
  busy?: boolean;
  block?: boolean;
}

export function Button({ variant = 'primary', busy, block, className, type = 'button', children, ...rest }: Props) {
  const cls = [styles.button, variant !== 'primary' ? styles[variant] : '', block ? styles.block : '', busy ? styles.busy : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button type={type} className={cls} aria-busy={busy || undefined} {...rest}>
      {busy && <span className={styles.spinner} aria-hidden="true" />}
      {children}
    </button>
  );
}
