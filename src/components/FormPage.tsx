// A page that is one small form on a taped paper card (profile setup, password pages): the same
// centred layout and heading structure everywhere.
import { useId, type ReactNode } from 'react'
import { BrandLink } from './BrandLink'
import styles from './FormPage.module.css'

export function FormPage({
  title,
  lede,
  children,
  header,
  footer,
}: {
  title: string
  lede?: ReactNode
  children: ReactNode
  /** Page chrome above the card (e.g. the app header); without it a small product mark shows. */
  header?: ReactNode
  footer?: ReactNode
}) {
  const headingId = useId()
  return (
    <>
      {header}
      <main id="main" className={[styles.main, header ? styles.withHeader : ''].join(' ')}>
        {!header && <BrandLink />}
        <section className={styles.card} aria-labelledby={headingId}>
          <span className={styles.tape} aria-hidden="true" />
          <h1 id={headingId} className={styles.title}>
            {title}
          </h1>
          {lede && <div className={styles.lede}>{lede}</div>}
          {children}
        </section>
        {footer && <div className={styles.footer}>{footer}</div>}
      </main>
    </>
  )
}
