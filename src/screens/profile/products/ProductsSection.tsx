// The Products area of a profile (spec §2, §6): signed out, 'Sign in to access your products'; signed
// in, the title Products with the counts of items and tags, the owner's Upload Product and Sync
// Spreadsheet, and the wardrobe itself (others see only the public items).
import { useEffect, useMemo, useRef, type ReactNode } from 'react'
import { useLocation } from 'react-router-dom'
import { useAccount } from '@/auth/useAccount'
import type { ProfileRow } from '@/data/model/rows'
import { useReplica } from '@/data/ReplicaContext'
import { useWardrobe, wardrobeStats, type WardrobeView } from '@/data/wardrobe/useWardrobe'
import { useToast } from '@/components/Toasts'
import { Button } from '@/components/Button'
import { Icon } from '@/components/Icon'
import { ProductsBrowser } from './ProductsBrowser'
import { ProductsSkeleton } from './ProductsSkeleton'
import { useDeferredDelete } from './review/useDeferredDelete'
import styles from './ProductsSection.module.css'

const PRODUCTS_SIGN_IN = 'Sign in to access your products'

function countText(count: number, one: string): string {
  return `${count} ${one}${count === 1 ? '' : 's'}`
}

export interface ProductsSectionProps {
  profile: ProfileRow
  isOwner: boolean
  onSignIn: () => void
  /** Opens the outfit upload dialog (owner only). */
  onUploadProduct: () => void
}

export function ProductsSection({ profile, isOwner, onSignIn, onUploadProduct }: ProductsSectionProps) {
  const account = useAccount()
  const { hash } = useLocation()
  const section = useRef<HTMLElement>(null)
  // 'View your products' (the processing dialog) lands here.
  useEffect(() => {
    if (hash === '#products') section.current?.scrollIntoView({ block: 'start' })
  }, [hash])
  return (
    <section ref={section} id="products" className={styles.products} aria-labelledby="products-heading" data-testid="products-area">
      {account.status === 'signedIn' ? (
        <SignedInProducts profile={profile} isOwner={isOwner} onUploadProduct={onUploadProduct} />
      ) : (
        <>
          <ProductsHeading />
          {account.status === 'signedOut' ? (
            <div className={styles.prompt}>
              <p>{PRODUCTS_SIGN_IN}</p>
              <Button variant="primary" onClick={onSignIn}>
                Sign In
              </Button>
            </div>
          ) : (
            <ProductsSkeleton layout="grid" count={3} />
          )}
        </>
      )}
    </section>
  )
}

function ProductsHeading({ children }: { children?: ReactNode }) {
  return (
    <div className={styles.headingBlock}>
      <h2 id="products-heading" className={styles.title}>
        <Icon name="shirt" size={24} />
        Products
      </h2>
      {children}
    </div>
  )
}

function SignedInProducts({ profile, isOwner, onUploadProduct }: Omit<ProductsSectionProps, 'onSignIn'>) {
  const shown = useWardrobe({ id: profile.id, username: profile.username })
  const deferred = useDeferredDelete(useReplica(), useToast())
  const wardrobe = useMemo(() => withoutHidden(shown, deferred.hidden), [shown, deferred.hidden])
  const stats = wardrobe?.stats
  return (
    <>
      <div className={styles.head}>
        <ProductsHeading>
          <p className={styles.counts} data-testid="products-counts" aria-live="polite">
            {stats ? (
              <>
                <span>{countText(stats.totalItems, 'item')}</span>
                <span aria-hidden="true"> · </span>
                <span>{countText(stats.totalTags, 'tag')}</span>
              </>
            ) : (
              <span className={styles.countsLoading}>Counting…</span>
            )}
          </p>
        </ProductsHeading>
        {isOwner && (
          <div className={styles.ownerButtons}>
            <Button variant="accent" onClick={onUploadProduct}>
              <Icon name="upload" size={18} />
              Upload Product
            </Button>
            <Button onClick={() => console.info('Sync Spreadsheet clicked')}>
              <Icon name="sheet" size={18} />
              Sync Spreadsheet
            </Button>
          </div>
        )}
      </div>
      <ProductsBrowser
        wardrobe={wardrobe}
        isOwner={isOwner}
        ownerName={profile.displayName || profile.username}
        onUploadProduct={onUploadProduct}
        onDeleteMany={deferred.remove}
      />
    </>
  )
}

/** The wardrobe without the items whose delete waits for its Undo to run out. */
function withoutHidden(view: WardrobeView | undefined, hidden: ReadonlySet<string>): WardrobeView | undefined {
  if (!view || hidden.size === 0) return view
  const entries = view.entries.filter((entry) => !hidden.has(entry.item.id))
  return { ...view, entries, stats: wardrobeStats(entries) }
}
