// /share: where a photo shared from the phone's gallery lands (the manifest's share_target; the service
// worker keeps the photo). The user picks the Moori to add it to, and that wall's upload dialog opens
// with the photo, ready for a name and a message; or adds it to their wardrobe, which opens the outfit
// upload with the photo, then its processing. Works offline: the photo and the walls are local.
import { useMemo, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { useAccount } from '@/auth/useAccount'
import { useMooris, type WallCard } from '@/data/queries/useMooris'
import { useReplica } from '@/data/ReplicaContext'
import { AppHeader } from '@/components/AppHeader'
import { Button, ButtonLink } from '@/components/Button'
import { Icon } from '@/components/Icon'
import { PolaroidFrame } from '@/components/PolaroidFrame'
import { PageSpinner, Spinner } from '@/components/Spinner'
import { StateMessage } from '@/components/StateMessage'
import { TextField } from '@/components/TextField'
import { imageCountText } from '@/components/WallCard'
import { sharedPhotoState, useSharedPhoto } from '@/components/useSharedPhoto'
import { useObjectUrl } from '@/components/useObjectUrl'
import { useOutfitUpload } from '@/components/wardrobe/useOutfitUpload'
import { useSignInDialog } from '@/components/useSignInDialog'
import { fillMessage, messages } from '@/lib/messages'
import styles from './ShareScreen.module.css'

/** Past this many walls a search box helps find the right one. */
const SEARCH_FROM = 6

export function ShareScreen() {
  const account = useAccount()
  const shared = useSharedPhoto()
  const navigate = useNavigate()
  const signIn = useSignInDialog()
  // Once the photo is in the wardrobe (on the device), it is no longer waiting here.
  const [addedToWardrobe, setAddedToWardrobe] = useState(false)
  const outfit = useOutfitUpload({
    onUploaded: () => {
      setAddedToWardrobe(true)
      void shared.forget()
    },
  })

  if (shared.status === 'loading' || account.status === 'loading')
    return <PageSpinner label="Opening the shared photo" />

  if (shared.status === 'none') {
    const username = account.profile?.username
    return (
      <div className={styles.page}>
        <AppHeader />
        <main id="main" className={styles.empty}>
          {addedToWardrobe ? (
            <StateMessage
              title="Added to your wardrobe"
              headingLevel={1}
              action={
                <span className={styles.actions}>
                  <ButtonLink to="/" variant="secondary">
                    Back to Home
                  </ButtonLink>
                  {username && (
                    <ButtonLink to={`/${username}`} variant="primary">
                      View your products
                    </ButtonLink>
                  )}
                </span>
              }
            >
              The photo is being turned into wardrobe items.
            </StateMessage>
          ) : (
            <StateMessage
              title="Nothing to add"
              headingLevel={1}
              action={
                <ButtonLink to="/" variant="primary">
                  Back to Home
                </ButtonLink>
              }
            >
              Share a photo to Moori from your gallery, or upload one on any Moori.
            </StateMessage>
          )}
        </main>
        {outfit.dialogs}
      </div>
    )
  }

  const addToWardrobe = () => {
    // Several shared photos all go to the wardrobe at once; a wall takes the first.
    if (account.status === 'signedIn') outfit.open(shared.files)
    else signIn.open('signIn')
  }

  const discard = async () => {
    await shared.forget()
    void navigate('/', { replace: true })
  }

  return (
    <div className={styles.page}>
      <AppHeader onAuth={signIn.open} />
      <main id="main" className={styles.main}>
        <section className={styles.card} aria-labelledby="share-title">
          <div className={styles.photoSide}>
            <p className={styles.kicker}>Shared to Moori</p>
            <h1 id="share-title" className={styles.title}>
              Add this photo to a Moori
            </h1>
            <SharedPreview file={shared.file} more={shared.files.length - 1} />
            <Button variant="secondary" onClick={addToWardrobe} className={styles.wardrobe}>
              <Icon name="shirt" size={18} />
              Add to my wardrobe
            </Button>
            <Button variant="ghost" onClick={() => void discard()} className={styles.discard}>
              <Icon name="close" size={18} />
              Discard
            </Button>
          </div>
          <div className={styles.chooseSide}>
            {account.status === 'signedIn' ? (
              <WallChoice onChoose={(id) => void navigate(`/wall/${id}`, { state: sharedPhotoState })} />
            ) : (
              <StateMessage
                title="Sign in to add it"
                headingLevel={2}
                action={
                  <Button variant="primary" onClick={() => signIn.open('signIn')}>
                    Sign In
                  </Button>
                }
              >
                The photo waits here while you sign in.
              </StateMessage>
            )}
          </div>
        </section>
      </main>
      {signIn.dialog}
      {outfit.dialogs}
    </div>
  )
}

function SharedPreview({ file, more }: { file: File; more: number }) {
  const url = useObjectUrl(file)
  return (
    <PolaroidFrame
      tilt={-1.5}
      tape
      className={styles.frame}
      caption={
        <span className={styles.fileName}>
          {file.name}
          {more > 0 && ` ${fillMessage(messages.sharedMorePhotos, { count: String(more) })}`}
        </span>
      }
    >
      {url ? (
        <img src={url} alt="The shared photo" className={styles.photo} />
      ) : (
        <span className={styles.photo} />
      )}
    </PolaroidFrame>
  )
}

/** The walls the user can add to: their own first, then the public ones of others, newest first. */
function WallChoice({ onChoose }: { onChoose: (wallId: string) => void }) {
  const { userId } = useReplica()
  const mooris = useMooris()
  const [query, setQuery] = useState('')
  const [own, others] = useMemo(() => {
    const needle = query.trim().toLowerCase()
    const matches = mooris.cards.filter((c) => !needle || c.wall.name.toLowerCase().includes(needle))
    return [
      matches.filter((c) => c.wall.ownerId === userId),
      matches.filter((c) => c.wall.ownerId !== userId),
    ]
  }, [mooris.cards, query, userId])

  if (mooris.cards.length === 0) {
    if (mooris.status === 'loading') return <Spinner label="Loading your Mooris" />
    return (
      <StateMessage
        title="No Mooris yet"
        headingLevel={2}
        action={
          <ButtonLink to="/create-wall" state={sharedPhotoState} variant="primary">
            <Icon name="plus" size={18} />
            Create Moori
          </ButtonLink>
        }
      >
        Create one, and the photo goes in first.
      </StateMessage>
    )
  }

  return (
    <div className={styles.choice}>
      <h2 className={styles.choiceTitle}>Choose a Moori</h2>
      {mooris.cards.length >= SEARCH_FROM && (
        <TextField
          label="Find a Moori"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
      )}
      <WallGroup title="Your Mooris" cards={own} onChoose={onChoose} />
      <WallGroup title="Other Mooris" cards={others} onChoose={onChoose} showOwner />
      {own.length === 0 && others.length === 0 && (
        <p className={styles.none}>No Moori matches “{query.trim()}”.</p>
      )}
      <ButtonLink to="/create-wall" state={sharedPhotoState} variant="secondary" className={styles.create}>
        <Icon name="plus" size={18} />
        Create a new Moori
      </ButtonLink>
    </div>
  )
}

function WallGroup({
  title,
  cards,
  onChoose,
  showOwner = false,
}: {
  title: string
  cards: WallCard[]
  onChoose: (wallId: string) => void
  showOwner?: boolean
}) {
  if (cards.length === 0) return null
  return (
    <section className={styles.group} aria-label={title}>
      <h3 className={styles.groupTitle}>{title}</h3>
      <ul className={styles.list}>
        {cards.map(({ wall, owner, polaroidCount }) => (
          <li key={wall.id}>
            <button type="button" className={styles.wall} onClick={() => onChoose(wall.id)}>
              <span className={styles.wallName}>{wall.name}</span>
              <span className={styles.wallMeta}>
                {wall.private && <span className={styles.badge}>Private</span>}
                {showOwner && owner && <span>by {owner.displayName || owner.username}</span>}
                <span>{imageCountText(polaroidCount)}</span>
              </span>
              <Icon name="next" size={18} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
