// The Discover tab (spec §2): newest polaroids from every wall in a masonry grid, filter chips that do
// nothing on purpose, and the Discover modal.
import { Suspense, useState } from 'react'
import { useDiscover, type DiscoverCard as DiscoverEntry } from '@/data/queries/useDiscover'
import { useReplicaBase } from '@/data/ReplicaContext'
import { Button } from '@/components/Button'
import { DiscoverCard, discoverRatio } from '@/components/DiscoverCard'
import { Masonry, type Breakpoints } from '@/components/Masonry'
import { PolaroidFrame } from '@/components/PolaroidFrame'
import { Spinner } from '@/components/Spinner'
import { StateMessage } from '@/components/StateMessage'
import { useIncrementalList } from '@/components/useIncrementalList'
import { lazyPart } from '@/components/lazyPart'
import { FilterChips } from './FilterChips'
import styles from './HomeScreen.module.css'
import { messages } from '@/lib/messages'

/** Spec §2: 6 by default, 6 from 1536, 5 from 1280, 4 from 1024, 3 from 768, 2 from 640, 1 below. */
const DISCOVER_BREAKPOINTS: Breakpoints = { default: 6, 1536: 6, 1280: 5, 1024: 4, 768: 3, 640: 2 }

/** The first rows load at once; the rest lazily as they scroll into view. */
const EAGER_CARDS = 6
/** Cards rendered per step as the visitor scrolls. */
const PAGE_SIZE = 30

/** Opens on a tap: its code is fetched ahead once the home screen is up. */
const DiscoverModal = lazyPart(() => import('./DiscoverModal'), 'DiscoverModal')

const skeletonIds = Array.from({ length: 12 }, (_, i) => `skeleton-${i}`)

export function DiscoverTab() {
  const { status, cards } = useDiscover()
  const replica = useReplicaBase()
  const [filters, setFilters] = useState<string[]>([])
  const [open, setOpen] = useState<DiscoverEntry | null>(null)
  // The modal is mounted from the first opening on (closing returns focus to the card).
  const [opened, setOpened] = useState(false)
  if (open && !opened) setOpened(true)
  const list = useIncrementalList(cards.length, PAGE_SIZE)

  let content
  if (cards.length > 0) {
    content = (
      <>
        <Masonry
          items={cards.slice(0, list.shown)}
          breakpoints={DISCOVER_BREAKPOINTS}
          below={1}
          keyOf={(c) => c.polaroid.id}
          render={(entry, index) => (
            <DiscoverCard entry={entry} eager={index < EAGER_CARDS} onOpen={() => setOpen(entry)} />
          )}
        />
        {list.hasMore && (
          <div ref={list.sentinel} className={styles.more}>
            <Button onClick={list.more}>Show more</Button>
          </div>
        )}
      </>
    )
  } else if (status === 'error') {
    content = (
      <StateMessage
        title="Failed to load polaroids"
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
  } else if (status === 'ready') {
    content = (
      <StateMessage title="Nothing to discover yet">
        Polaroids pinned on public Mooris show up here.
      </StateMessage>
    )
  } else {
    content = (
      <div aria-busy="true">
        <div className={styles.loadingLabel}>
          <Spinner label="Loading Discover" size={22} />
        </div>
        <Masonry
          items={skeletonIds}
          breakpoints={DISCOVER_BREAKPOINTS}
          below={1}
          keyOf={(id) => id}
          render={(id) => (
            <PolaroidFrame caption={<span className={styles.skeletonLine} />}>
              <div className={styles.skeletonPhoto} style={{ aspectRatio: String(discoverRatio(id)) }} />
            </PolaroidFrame>
          )}
        />
      </div>
    )
  }

  return (
    <>
      <FilterChips active={filters} onChange={setFilters} />
      {content}
      {opened && (
        <Suspense fallback={null}>
          <DiscoverModal entry={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  )
}
