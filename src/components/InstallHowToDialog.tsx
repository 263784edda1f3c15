// iOS Safari has no install offer: a short how-to for Add to Home Screen (its own chunk, opened on a tap).
import { Dialog } from './Dialog'

export function InstallHowToDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} title="Add Moori to your Home Screen" onClose={onClose}>
      <ol>
        <li>Tap the Share button in Safari's toolbar.</li>
        <li>Choose “Add to Home Screen”.</li>
        <li>Tap “Add”. Moori opens from your Home Screen, even offline.</li>
      </ol>
    </Dialog>
  )
}
