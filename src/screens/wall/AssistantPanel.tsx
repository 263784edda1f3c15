// The assistant panel (spec §1, §2): owners only, collapsible, and a static mock with no behaviour
// (spec README: built as specified). Its suggestions are shown, and plainly say they do nothing yet.
// On a phone it opens as a bottom sheet instead of a panel over the canvas's controls.
import { useId, useState } from 'react'
import { Dialog } from '@/components/Dialog'
import { Icon } from '@/components/Icon'
import { usePhoneLayout } from '@/components/usePhoneLayout'
import styles from './AssistantPanel.module.css'

const suggestions = [
  'Suggest a color story',
  'Find matching accessories',
  'Group by occasion',
  'Write captions',
]

function Suggestions() {
  return (
    <>
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
    </>
  )
}

export function AssistantPanel({ className }: { className?: string }) {
  const panelId = useId()
  const phone = usePhoneLayout()
  const [open, setOpen] = useState(() => window.innerWidth >= 1100)
  const expanded = open && !phone
  return (
    <aside className={[styles.panel, expanded ? styles.open : '', className ?? ''].join(' ')} aria-label="Assistant">
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={phone ? undefined : open}
        aria-controls={phone ? undefined : panelId}
        aria-haspopup={phone ? 'dialog' : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name="sparkle" size={18} />
        <span>Assistant</span>
        <Icon name={expanded ? 'close' : 'next'} size={16} />
      </button>
      {phone ? (
        <Dialog open={open} title="Assistant" onClose={() => setOpen(false)}>
          <Suggestions />
        </Dialog>
      ) : (
        <div id={panelId} className={styles.body} hidden={!open}>
          <Suggestions />
        </div>
      )}
    </aside>
  )
}
