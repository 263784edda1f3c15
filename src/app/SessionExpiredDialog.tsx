// The spec's alert for a session that ended without the user signing out (its own chunk: it is rarely
// needed, and the dialog code is not part of the first load).
import { Button } from '@/components/Button'
import { Dialog } from '@/components/Dialog'

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired or could not be refreshed. Please log in again.'

export function SessionExpiredDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      title="Session expired"
      onClose={onClose}
      footer={
        <Button variant="primary" onClick={onClose}>
          OK
        </Button>
      }
    >
      <p role="alert">{SESSION_EXPIRED_MESSAGE}</p>
    </Dialog>
  )
}
