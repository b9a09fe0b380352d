import styles from './BusinessMark.module.css';

// initials are a name's first letters (first and last word), the mark of a
// business without a logo.
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((p) => Array.from(p)[0]?.toUpperCase() ?? '').join('');
}

// BusinessMark names whose widget this is: its logo, or its initials in its
// colour, and its name.
export function BusinessMark({ location }: { location: { name: string; logoUrl?: string } }) {
  return (
    <div className={styles.business}>
      {location.logoUrl ? (
        <img className={styles.logo} src={location.logoUrl} alt="" width={40} height={40} />
      ) : (
        <span className={styles.monogram} aria-hidden="true">
          {initials(location.name)}
        </span>
      )}
      <span className={styles.name}>{location.name}</span>
    </div>
  );
}
