// /create-preview (spec §2): the guest's trial wall. The same canvas as a real wall, kept in the guest
// database so it survives reloads: add images (name, message, a picture or a URL), drag them, zoom
// with the buttons (300 ms after 100 ms), open one in a modal. 'Sign Up to Save & Continue' marks the
// preview for saving and opens sign-up; the app shell turns it into a real wall once the new user has
// a profile. Presses on a card never pan (spec §4); a long press opens the card, as a tap does.
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { CanvasView, type CanvasItem } from '@/canvas/CanvasView'
import type { ItemPosition } from '@/canvas/gestures'
import { useCamera } from '@/canvas/useCamera'
import { ZoomControls } from '@/canvas/ZoomControls'
import type { PreviewPolaroidRow } from '@/data/model/preview'
import { PREVIEW_USER, movePreviewPolaroid, requestPreviewSave, setPreviewWall } from '@/data/mutations/preview'
import { usePreview } from '@/data/queries/usePreview'
import { useAccount } from '@/auth/useAccount'
import { Button } from '@/components/Button'
import { Dialog } from '@/components/Dialog'
import { Icon } from '@/components/Icon'
import { POLAROID_CARD, PolaroidCard } from '@/components/PolaroidCard'
import { StateMessage } from '@/components/StateMessage'
import { StoredImage } from '@/components/StoredImage'
import { useToast } from '@/components/Toasts'
import { useSignInDialog } from '@/components/useSignInDialog'
import { AddPreviewImageDialog } from './AddPreviewImageDialog'
import { BlobImage } from './BlobImage'
import styles from './PreviewScreen.module.css'

/** The preview's zoom buttons animate for 300 ms after a 100 ms pause (spec §9). */
const PREVIEW_ZOOM = { durationMs: 300, delayMs: 100 }

type PreviewItem = CanvasItem & PreviewPolaroidRow

interface CarriedSettings {
  name?: string
  description?: string
  private?: boolean
}

function PreviewPicture({ polaroid, fit = 'cover' }: { polaroid: PreviewPolaroidRow; fit?: 'cover' | 'contain' }) {
  const alt = polaroid.name || 'Preview image'
  if (polaroid.image) return <BlobImage blob={polaroid.image} alt={alt} fit={fit} />
  return <StoredImage imagePath={null} externalUrl={polaroid.externalUrl} alt={alt} eager fit={fit} />
}

export function PreviewScreen() {
  const location = useLocation()
  const navigate = useNavigate()
  const account = useAccount()
  const toast = useToast()
  const { store, wall, polaroids } = usePreview()
  const camera = useCamera()
  const signIn = useSignInDialog()
  const [adding, setAdding] = useState(false)
  const [viewingId, setViewingId] = useState<string | null>(null)

  // What the create-wall form carried over; a reload (no state) keeps what was stored.
  useEffect(() => {
    const carried = (location.state ?? null) as CarriedSettings | null
    void setPreviewWall(store, { name: carried?.name, description: carried?.description, private: carried?.private })
  }, [store, location.state])

  const items = useMemo<PreviewItem[]>(
    () =>
      (polaroids ?? []).map((p) => ({
        ...p,
        width: POLAROID_CARD.width,
        height: POLAROID_CARD.height,
        draggable: true,
        label: `Polaroid: ${p.name}`,
      })),
    [polaroids],
  )

  const onMove = useCallback((id: string, position: ItemPosition) => movePreviewPolaroid(store, id, position), [store])

  const renderItem = useCallback(
    (item: PreviewItem) => (
      <PolaroidCard
        name={item.name}
        message={item.message}
        timestamp={item.timestamp}
        username={PREVIEW_USER}
        image={<PreviewPicture polaroid={item} />}
        onOpen={() => setViewingId(item.id)}
      />
    ),
    [],
  )

  const saveAndContinue = async () => {
    try {
      await requestPreviewSave(store)
    } catch (error) {
      console.error('Could not mark the preview for saving', error)
      toast.error("Sorry, we couldn't create your Moori after signing you in. Please try again.")
      return
    }
    // Signed in already: the app shell saves the preview right away.
    if (account.status !== 'signedIn') signIn.open('signUp')
  }

  const goBack = () => {
    if (location.key !== 'default') void navigate(-1)
    else void navigate('/create-wall')
  }

  const viewing = polaroids?.find((p) => p.id === viewingId) ?? null
  const empty = polaroids !== undefined && polaroids.length === 0

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Button variant="ghost" onClick={goBack} className={styles.back} aria-label="Back">
          <Icon name="back" size={18} />
          <span className={styles.backText}>Back</span>
        </Button>
        <div className={styles.titles}>
          <div className={styles.titleRow}>
            <h1 className={styles.name}>{wall?.name ?? 'My Moori'}</h1>
            <span className={styles.badge}>Preview</span>
          </div>
          <p className={styles.description}>{wall?.description ?? 'A new collaborative wall'}</p>
        </div>
        <Button variant="accent" onClick={() => void saveAndContinue()} className={styles.save}>
          Sign Up to Save &amp; Continue
        </Button>
      </header>
      <main id="main" className={styles.stage}>
        <CanvasView
          camera={camera}
          items={items}
          renderItem={renderItem}
          onMove={onMove}
          onOpen={setViewingId}
          onLongPress={setViewingId}
          panOnItems={false}
          label="Preview canvas"
        >
          {empty && (
            <div className={styles.empty}>
              <StateMessage title="Start your Moori">Add images to see how your Moori will look. They stay on this device until you sign up.</StateMessage>
            </div>
          )}
        </CanvasView>
        <div className={styles.controls}>
          <ZoomControls camera={camera} animation={PREVIEW_ZOOM} />
          <Button variant="accent" onClick={() => setAdding(true)} className={styles.add}>
            <Icon name="plus" size={18} />
            Add image
          </Button>
        </div>
      </main>
      <AddPreviewImageDialog open={adding} store={store} onClose={() => setAdding(false)} />
      <Dialog open={viewing !== null} title={viewing?.name ?? 'Image'} onClose={() => setViewingId(null)} wide>
        {viewing && (
          <div className={styles.viewer}>
            <div className={styles.viewerPhoto}>
              <PreviewPicture polaroid={viewing} fit="contain" />
            </div>
            <div>
              <p className={styles.viewerMessage}>{viewing.message}</p>
              <p className={styles.viewerMeta}>by {PREVIEW_USER}</p>
            </div>
          </div>
        )}
      </Dialog>
      {signIn.dialog}
    </div>
  )
}
