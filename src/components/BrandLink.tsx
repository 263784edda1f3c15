// The product mark and name, linking home: a tiny tilted polaroid beside "Moori". Drawn in CSS, so it
// needs nothing to download (the boot shell in index.html draws the same mark before the app loads).
import { Link } from 'react-router-dom'
import styles from './BrandLink.module.css'

/** `crowded`: on the narrowest phones the name steps aside for the signed-in header's controls. */
export function BrandLink({ className, crowded }: { className?: string; crowded?: boolean }) {
  return (
    <Link to="/" className={[styles.brand, crowded ? styles.crowded : '', className ?? ''].join(' ')} aria-label="Moori, home">
      <span className={styles.mark} aria-hidden="true" />
      <span className={styles.word}>Moori</span>
    </Link>
  )
}
