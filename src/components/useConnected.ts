// Whether work that needs the server can happen now: the browser is online and the sync engine reaches
// the backend (a network that is up but cannot reach Moori counts as offline).
import { useSyncOnline } from '@/data/queries/useSyncStatus'
import { useOnlineStatus } from './useOnlineStatus'

export function useConnected(): boolean {
  const browserOnline = useOnlineStatus()
  const syncOnline = useSyncOnline()
  return browserOnline && (syncOnline ?? true)
}
