// Home (spec §2): the header, Join the Community prompts for visitors, the five tabs (Discover, Mooris
// and three themed tabs that show the Mooris list), and a floating create button on phones. The chosen
// tab lives in the address (?tab=), so Back returns to it.
import { Suspense, useLayoutEffect } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useAccount } from '@/auth/useAccount'
import { useDiscover } from '@/data/queries/useDiscover'
import { AppHeader } from '@/components/AppHeader'
import { ButtonLink } from '@/components/Button'
import { Icon } from '@/components/Icon'
import { lazyPart } from '@/components/lazyPart'
import { Spinner } from '@/components/Spinner'
import { Tabs, type TabItem } from '@/components/Tabs'
import { useSignInDialog } from '@/components/useSignInDialog'
import { useToastClearance } from '@/components/useToastClearance'
import { DiscoverTab } from './DiscoverTab'
import { JoinCommunityBanner, JoinCommunityHero } from './JoinCommunity'
import { firstScreenRendered } from '@/lib/afterFirstScreen'
import { markBoot } from '@/lib/bootMarks'
import styles from './HomeScreen.module.css'

/** The Mooris list is not the first tab: its code is fetched ahead once the home screen is up. */
const MoorisTab = lazyPart(() => import('./MoorisTab'), 'MoorisTab')

/** What the Mooris tab shows while loading, also while its code arrives. */
const moorisLoading = (
  <div className={styles.loadingBlock}>
    <Spinner label="Loading Mooris" />
  </div>
)

export const HOME_TABS: TabItem[] = [
  { id: 'discover', label: 'Discover' },
  { id: 'mooris', label: 'Mooris' },
  { id: 'wedding-guest-outfits', label: 'Wedding Guest Outfits' },
  { id: 'labubu-fits', label: 'Labubu Fits' },
  { id: 'summer-drip', label: "25' Summer Drip" },
]

export function HomeScreen() {
  const account = useAccount()
  const signIn = useSignInDialog()
  const [params, setParams] = useSearchParams()
  const requested = params.get('tab')
  const tab = HOME_TABS.some((t) => t.id === requested) ? requested! : 'discover'
  const signedOut = account.status === 'signedOut'
  const discover = useDiscover()
  const fabBox = useToastClearance()
  // The home screen's content is on the page (the bench counts the JavaScript loaded before this).
  useLayoutEffect(() => markBoot('home-rendered'), [])
  // Shown with what the device has: background work (the sync worker) may start now.
  useLayoutEffect(() => {
    if (discover.read) firstScreenRendered()
  }, [discover.read])

  const select = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (id === 'discover') next.delete('tab')
        else next.set('tab', id)
        return next
      },
      { replace: true },
    )

  return (
    <>
      <AppHeader brandIsHeading onAuth={signIn.open} />
      <main id="main" className={styles.main}>
        {signedOut && <JoinCommunityHero onSignUp={() => signIn.open('signUp')} samples={discover.cards} />}
        <div className={styles.tabs}>
          <Tabs tabs={HOME_TABS} selected={tab} onSelect={select} label="Browse Moori">
            {tab === 'discover' ? (
              <DiscoverTab />
            ) : (
              <Suspense fallback={moorisLoading}>
                <MoorisTab />
              </Suspense>
            )}
          </Tabs>
        </div>
        {signedOut && <JoinCommunityBanner onSignUp={() => signIn.open('signUp')} />}
      </main>
      {/* Its box only holds the button, so toasts can keep off it (on a phone they rise above it). */}
      <div ref={fabBox} className={styles.fabBox}>
        <ButtonLink
          to="/create-wall"
          variant="accent"
          iconOnly
          className={styles.fab}
          aria-label="Create a Moori"
        >
          <Icon name="plus" size={26} />
        </ButtonLink>
      </div>
      {signIn.dialog}
    </>
  )
}
