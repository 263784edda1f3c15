// Empty, error and not-found states: a short title, a sentence, and usually one action.
import type { ReactNode } from 'react'
import styles from './StateMessage.module.css'

export function StateMessage({
  title,
  children,
  action,
  tone = 'neutral',
  headingLevel = 2,
}: {
  title: string
  children?: ReactNode
  action?: ReactNode
  tone?: 'neutral' | 'error'
  headingLevel?: 1 | 2 | 3
}) {
  const Heading = `h${headingLevel}` as const
  return (
    <div className={[styles.state, tone === 'error' ? styles.error : ''].join(' ')} role={tone === 'error' ? 'alert' : undefined}>
      <Heading className={styles.title}>{title}</Heading>
      {children && <div className={styles.text}>{children}</div>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  )
}
