// Picks up photos still waiting to be prepared (issue 25): after a reload, or in whichever tab shows the
// header's pill, each waiting photo is shrunk and kept once (the preparation loop holds a Web Lock, so
// one tab prepares at a time). Its code is fetched only when something waits.
import { useEffect } from 'react'
import { useReplica } from '@/data/ReplicaContext'
import { useWaitingPhotoCount } from '@/data/wardrobe/useOutfitBatch'

export function usePrepareWaitingPhotos(): void {
  const replica = useReplica()
  const waiting = useWaitingPhotoCount()
  useEffect(() => {
    if (waiting === 0) return
    import('./prepareWaitingPhotos')
      .then(({ prepareWaitingPhotos }) => prepareWaitingPhotos(replica))
      .catch((error: unknown) => console.error('Could not prepare the waiting photos', error))
  }, [replica, waiting])
}
