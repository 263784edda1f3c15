// /wall/{wallId}/submit (spec §2): a page for adding one photo to a Moori. Signed-out visitors are
// asked to sign in ('Authentication Required') with a link back to the wall; without a wall id it is
// an 'Invalid Moori'. After an upload a popup shows the new polaroid and closing it opens the wall.
import { useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { useWall } from '@/data/queries/useWall'
import { useWallItems } from '@/data/queries/useWallItems'
import { useAccount } from '@/auth/useAccount'
import { Button, ButtonLink } from '@/components/Button'
import { Dialog } from '@/components/Dialog'
import { Icon } from '@/components/Icon'
import { MooriNotFound } from '@/components/MooriNotFound'
import { PolaroidCard, PolaroidSkeleton } from '@/components/PolaroidCard'
import { PageSpinner } from '@/components/Spinner'
import { StateMessage } from '@/components/StateMessage'
import { UploadDialog } from '@/components/UploadDialog'
import { useUploadPolaroid } from '@/components/useUploadPolaroid'
import { useSignInDialog } from '@/components/useSignInDialog'
import styles from './SubmitScreen.module.css'

export function SubmitScreen() {
  const { wallId } = useParams()
  const account = useAccount()
  if (!wallId) {
    return (
      <main id="main" className={styles.page}>
        <StateMessage
          title="Invalid Moori"
          headingLevel={1}
          action={
            <ButtonLink to="/" variant="primary">
              Back to Home
            </ButtonLink>
          }
        >
          This link doesn't name a Moori to add to.
        </StateMessage>
      </main>
    )
  }
  if (account.status !== 'signedIn') return <SignInRequired wallId={wallId} />
  return <SubmitForm wallId={wallId} />
}

function SignInRequired({ wallId }: { wallId: string }) {
  const signIn = useSignInDialog()
  return (
    <main id="main" className={styles.page}>
      <StateMessage
        title="Authentication Required"
        headingLevel={1}
        action={
          <div className={styles.row}>
            <Button variant="primary" onClick={() => signIn.open('signIn')}>
              Sign In
            </Button>
            <ButtonLink to={`/wall/${wallId}`}>Back to the Moori</ButtonLink>
          </div>
        }
      >
        Sign in to add images to this Moori.
      </StateMessage>
      {signIn.dialog}
    </main>
  )
}

function SubmitForm({ wallId }: { wallId: string }) {
  const view = useWall(wallId)
  const items = useWallItems(wallId)
  const navigate = useNavigate()
  const { uploading, upload } = useUploadPolaroid(wallId)
  const [dialogOpen, setDialogOpen] = useState(false)
  const [addedId, setAddedId] = useState<string | null>(null)
  const added = addedId ? items?.find((item) => item.id === addedId && item.kind === 'polaroid') : undefined

  if (view.status === 'missing') return <MooriNotFound />
  if (!view.wall) return <PageSpinner label="Loading Moori" />

  return (
    <main id="main" className={styles.page}>
      <section className={styles.card} aria-labelledby="submit-title">
        <Link to={`/wall/${wallId}`} className={styles.back}>
          <Icon name="back" size={18} />
          Back to the Moori
        </Link>
        <p className={styles.kicker}>Add to</p>
        <h1 id="submit-title" className={styles.title}>
          {view.wall.name}
        </h1>
        {view.wall.description && <p className={styles.description}>{view.wall.description}</p>}
        <div className={styles.stage}>
          {uploading ? (
            <PolaroidSkeleton />
          ) : (
            <Button variant="accent" onClick={() => setDialogOpen(true)} className={styles.upload}>
              <Icon name="upload" size={20} />
              Upload
            </Button>
          )}
        </div>
      </section>
      <UploadDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        onSubmit={(request) => {
          setDialogOpen(false)
          void upload(request).then(setAddedId)
        }}
      />
      <Dialog
        open={addedId !== null}
        title="Added to the Moori!"
        onClose={() => void navigate(`/wall/${wallId}`)}
        footer={
          <Button variant="primary" onClick={() => void navigate(`/wall/${wallId}`)}>
            See the Moori
          </Button>
        }
      >
        <div className={styles.added}>
          {added && added.kind === 'polaroid' ? (
            <PolaroidCard
              name={added.name}
              message={added.message}
              timestamp={added.timestamp}
              imagePath={added.imagePath}
              externalUrl={added.externalUrl}
              username={added.username}
              uploadPending={added.uploadPending}
            />
          ) : (
            <PolaroidSkeleton />
          )}
        </div>
      </Dialog>
    </main>
  )
}
