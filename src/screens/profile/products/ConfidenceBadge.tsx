// An AI tag's confidence (spec §9): the percentage in text, coloured green, yellow or red by level;
// screen readers and the tooltip also hear the level in words, so colour is never the only signal.
import { confidenceDescription, confidenceLevel, confidencePercent } from '@/lib/wardrobe/confidence'
import styles from './Tags.module.css'

export function ConfidenceBadge({ score, withAiMark = false }: { score: number; withAiMark?: boolean }) {
  const description = confidenceDescription(score)
  return (
    <span className={styles.confidence} data-level={confidenceLevel(score)} title={description} data-testid="confidence">
      {withAiMark && (
        <span className={styles.aiMark} aria-hidden="true">
          AI
        </span>
      )}
      <span aria-hidden="true">{confidencePercent(score)}</span>
      <span className="visually-hidden">{description}</span>
    </span>
  )
}
