// A profile page, at /{username} and /profile/{username} (spec §2): who they are, their walls (all for
// the owner, public ones for others), and their Products area. 'Profile Not Found' when there is no
// such person.
import { useEffect } from 'react'
import { useParams } from 'react-router-dom'
import { useProfile } from '@/data/queries/useProfile'
import { useReplica } from '@/data/ReplicaContext'
import { AppHeader } from '@/components/AppHeader'
import { Button, ButtonLink } from '@/components/Button'
import { PageSpinner } from '@/components/Spinner'
import { StateMessage } from '@/components/StateMessage'
import { useSignInDialog } from '@/components/useSignInDialog'
import { useOutfitUpload } from '@/components/wardrobe/useOutfitUpload'
import { ProductsSection } from './products/ProductsSection'
import { ProfileHeader } from './ProfileHeader'
import { ProfileWalls } from './ProfileWalls'
import styles from './ProfileScreen.module.css'
import { messages } from '@/lib/messages'

export function ProfileScreen() {
  const { username = '' } = useParams()
  return <ProfilePage key={username.toLowerCase()} username={username} />
}

function ProfilePage({ username }: { username: string }) {
  const view = useProfile(username)
  const replica = useReplica()
  const signIn = useSignInDialog()
  const { profile } = view
  const outfit = useOutfitUpload({ picking: view.isOwner })

  useEffect(() => {
    if (!profile) return
    const previous = document.title
    document.title = `${profile.displayName || profile.username} (@${profile.username}) · Moori`
    return () => {
      document.title = previous
    }
  }, [profile])

  let content
  if (profile) {
    const name = profile.displayName || profile.username
    content = (
      <>
        <ProfileHeader profile={profile} isOwner={view.isOwner} />
        <div className={styles.columns}>
          <ProfileWalls walls={view.walls} isOwner={view.isOwner} name={name} />
          <ProductsSection
            profile={profile}
            isOwner={view.isOwner}
            onSignIn={() => signIn.open('signIn')}
            onUploadProduct={() => outfit.open()}
          />
        </div>
        {view.isOwner && outfit.dialogs}
      </>
    )
  } else if (view.status === 'missing') {
    content = (
      <StateMessage
        title="Profile Not Found"
        headingLevel={1}
        action={
          <ButtonLink to="/" variant="primary">
            {messages.goHome}
          </ButtonLink>
        }
      >
        There is no one called @{username} here.
      </StateMessage>
    )
  } else if (view.status === 'error') {
    content = (
      <StateMessage
        title="Failed to load profile"
        headingLevel={1}
        tone="error"
        action={
          <Button variant="primary" onClick={() => replica.sync.resume?.()}>
            {messages.tryAgain}
          </Button>
        }
      >
        Check your connection and try again.
      </StateMessage>
    )
  } else {
    content = <PageSpinner label="Loading profile" />
  }

  return (
    <>
      <AppHeader onAuth={signIn.open} />
      <main id="main" className={styles.main}>
        {content}
      </main>
      {signIn.dialog}
    </>
  )
}
