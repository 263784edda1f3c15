// A short list of actions in a dialog: a bottom sheet on phones (see Dialog), where a stack of floating
// pills would cover the page. Choosing one closes the sheet first, so the action may open its own dialog.
import { Dialog } from './Dialog'
import { Icon, type IconName } from './Icon'
import styles from './ActionSheet.module.css'

export interface SheetAction {
  label: string
  icon: IconName
  onSelect: () => void
  danger?: boolean
  disabled?: boolean
}

export function ActionSheet({
  open,
  title,
  onClose,
  actions,
}: {
  open: boolean
  title: string
  onClose: () => void
  actions: SheetAction[]
}) {
  return (
    <Dialog open={open} title={title} onClose={onClose} className={styles.sheet}>
      <ul className={styles.list}>
        {actions.map((action) => (
          <li key={action.label}>
            <button
              type="button"
              className={[styles.action, action.danger ? styles.danger : ''].join(' ')}
              disabled={action.disabled}
              onClick={() => {
                onClose()
                action.onSelect()
              }}
            >
              <Icon name={action.icon} size={20} />
              <span>{action.label}</span>
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  )
}
