// The cut-out editor where it is opened (an item's review, a sticker on a wall): its code is a chunk of
// its own, fetched ahead after the first screen, so opening it never waits on the network (offline too).
import { Suspense } from 'react'
import { lazyPart } from '@/components/lazyPart'
import type { CutoutEditorTarget } from './CutoutEditorDialog'

export type { CutoutEditorTarget }

const CutoutEditorDialog = lazyPart(() => import('./CutoutEditorDialog'), 'CutoutEditorDialog')

export function CutoutEditorLauncher({ target, onClose }: { target: CutoutEditorTarget | null; onClose: () => void }) {
  if (!target) return null
  return (
    <Suspense fallback={null}>
      <CutoutEditorDialog target={target} onClose={onClose} />
    </Suspense>
  )
}
