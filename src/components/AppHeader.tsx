// The bar at the top of Moori's pages (spec §2, Home): the product name, then Sign In and Get Started
// for visitors, or Create, the sync status and the profile chip for signed-in users (with a pill back to
// outfit photos still being processed, while there are any).
import { Suspense, type ReactNode } from 'react'
import { BrandLink } from './BrandLink'
import { useAccount } from '@/auth/useAccount'
import { Button, ButtonLink } from './Button'
import { Icon } from './Icon'
import { InstallButton } from './InstallButton'
import type { AuthMode } from './SignInDialog'
import { SyncStatusChip } from './SyncStatusChip'
import { lazyPart } from './lazyPart'
import { useMediaQuery } from './usePhoneLayout'
import { UserChip } from './UserChip'
import { useSignInDialog } from './useSignInDialog'
import styles from './AppHeader.module.css'

export interface AppHeaderProps {
  /** Opens the screen's sign-in dialog; without it the header brings its own. */
  onAuth?: (mode: AuthMode) => void
  /** The product name is the page's main heading (the home page). */
  brandIsHeading?: boolean
  /** Extra controls before the account controls (e.g. a back button on a sub-page). */
  start?: ReactNode
}

/** Shown only while a signed-in user has outfit photos in processing (after its own query answers), so
 * its code (and the wardrobe's job readers) need not hold up the first paint. */
const UnfinishedJobsPill = lazyPart(() => import('./wardrobe/UnfinishedJobsPill'), 'UnfinishedJobsPill')

const NARROW_HEADER = '(max-width: 560px)'

export function AppHeader({ onAuth, brandIsHeading, start }: AppHeaderProps) {
  const account = useAccount()
  const own = useSignInDialog()
  const openAuth = onAuth ?? own.open
  // Narrow phones: the sync chip is its icon and the count of waiting changes (one tap tells the rest).
  const narrow = useMediaQuery(NARROW_HEADER)
  const brand = <BrandLink crowded={account.status === 'signedIn'} />
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        {start}
        {brandIsHeading ? <h1 className={styles.heading}>{brand}</h1> : brand}
        <nav className={styles.actions} aria-label="Account">
          <span className={styles.install}>
            <InstallButton />
          </span>
          {account.status === 'signedOut' && (
            <>
              <Button variant="ghost" size="small" onClick={() => openAuth('signIn')}>
                Sign In
              </Button>
              <Button variant="accent" size="small" onClick={() => openAuth('signUp')}>
                Get Started
              </Button>
            </>
          )}
          {account.status === 'signedIn' && (
            <>
              <Suspense fallback={null}>
                <UnfinishedJobsPill />
              </Suspense>
              <SyncStatusChip compact={narrow ? 'icon' : undefined} />
              <ButtonLink to="/create-wall" variant="primary" size="small" className={styles.create}>
                <Icon name="plus" size={18} />
                <span className={styles.createText}>Create</span>
              </ButtonLink>
              <UserChip />
            </>
          )}
        </nav>
      </div>
      {!onAuth && own.dialog}
    </header>
  )
}
