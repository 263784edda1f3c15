// The assistant panel (spec §1, §2): owners only, collapsible, and a static mock with no behaviour
// (spec README: built as specified). Its suggestions are shown, and plainly say they do nothing yet.
import { useId, useState } from 'react'
import { Icon } from '@/components/Icon'
import styles from './AssistantPanel.module.css'

const suggestions = [
  'Suggest a color story',
  'Find matching accessories',
  'Group by occasion',
  'Write captions',
]

export function AssistantPanel() {
  const panelId = useId()
  const [open, setOpen] = useState(() => window.innerWidth >= 1100)
  return (
    <aside className={[styles.panel, open ? styles.open : ''].join(' ')} aria-label="Assistant">
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name="sparkle" size={18} />
        <span>Assistant</span>
        <Icon name={open ? 'close' : 'next'} size={16} />
      </button>
      <div id={panelId} className={styles.body} hidden={!open}>
        <p className={styles.intro}>Ideas for styling this Moori.</p>
        <ul className={styles.chips} aria-label="Suggestions">
          {suggestions.map((text) => (
            <li key={text}>
              <button type="button" className={styles.chip} aria-disabled="true">
                {text}
              </button>
            </li>
          ))}
        </ul>
        <p className={styles.note}>The assistant is a preview: these suggestions don't do anything yet.</p>
      </div>
    </aside>
  )
}
