// Retries something that failed for want of a network (a picture) as soon as the device is back.
// Rendered only while the thing has failed, so a wall of 200 cards does not keep 200 listeners.
import { useWhenBackOnline } from '@/data/connectivity'

export function RetryWhenBackOnline({ onBack }: { onBack: () => void }) {
  useWhenBackOnline(onBack)
  return null
}
