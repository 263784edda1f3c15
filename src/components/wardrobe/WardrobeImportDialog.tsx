// The wardrobe import dialog (spec §2, §4, §9): the user's own items and everyone's public ones, the
// first 5 category filters, and cards to select (a sticker at 100,100) or deselect (the sticker goes).
// Loading, error and empty states; the empty one points to the profile, where outfit photos are added.
import { useEffect, useMemo, useState } from 'react'
import { Link } from 'react-router-dom'
import { useAccount } from '@/auth/useAccount'
import { useImportableWardrobe, type ImportableEntry } from '@/data/wardrobe/useImportableWardrobe'
import { useReplica } from '@/data/ReplicaContext'
import { warmCutout } from '@/data/wardrobe/cutoutClient'
import { tagLabel } from '@/lib/wardrobe/tagOptions'
import { filterWardrobe, noFilters } from '@/lib/wardrobe/wardrobeFilters'
import { Button, ButtonLink } from '@/components/Button'
import { Dialog } from '@/components/Dialog'
import { Icon } from '@/components/Icon'
import { Spinner } from '@/components/Spinner'
import { StateMessage } from '@/components/StateMessage'
import { useConnectivity } from '@/data/connectivity'
import { ImportItemCard } from './ImportItemCard'
import { importCategories, type Selections } from './importSelection'
import styles from './WardrobeImportDialog.module.css'
import { messages } from '@/lib/messages'

const WARDROBE_IMPORT_TITLE = 'Wardrobe import'
const LOAD_WARDROBE_FAILED = 'Failed to load wardrobe items'

export function WardrobeImportDialog({
  open,
  onClose,
  selections,
  notes,
  onToggle,
}: {
  open: boolean
  onClose: () => void
  selections: Selections
  /** Why a pick could not work on this device, by item. */
  notes: ReadonlyMap<string, string>
  onToggle: (itemId: string) => void
}) {
  return (
    <Dialog open={open} title={WARDROBE_IMPORT_TITLE} onClose={onClose} wide>
      {open && <ImportContent selections={selections} notes={notes} onToggle={onToggle} onClose={onClose} />}
    </Dialog>
  )
}

interface Filterable {
  entry: ImportableEntry
  name: string
  description: string | null
  isPublic: boolean
  tags: ImportableEntry['tags']
}

function ImportContent({
  selections,
  notes,
  onToggle,
  onClose,
}: {
  selections: Selections
  notes: ReadonlyMap<string, string>
  onToggle: (itemId: string) => void
  onClose: () => void
}) {
  const wardrobe = useImportableWardrobe(true)
  const account = useAccount()
  const replica = useReplica()
  const { online } = useConnectivity()
  const [picked, setPicked] = useState<string[]>([])
  // Online, the cut-out runtime and model come now (at idle), so an import offline later is cut out here.
  useEffect(() => {
    if (online) warmCutout()
  }, [online])

  const items = useMemo<Filterable[]>(
    () =>
      (wardrobe?.entries ?? []).map((entry) => ({
        entry,
        name: entry.item.name,
        description: entry.item.description,
        isPublic: entry.item.isPublic,
        tags: entry.tags,
      })),
    [wardrobe],
  )
  const categories = useMemo(() => importCategories(items), [items])
  const active = picked.filter((c) => categories.includes(c))
  const shown = filterWardrobe(items, { ...noFilters, categories: active })
  const own = shown.filter((i) => i.entry.own)
  const others = shown.filter((i) => !i.entry.own)
  const hasOwn = items.some((i) => i.entry.own)
  const profilePath = account.profile ? `/${account.profile.username}` : '/'

  const toggleCategory = (category: string) =>
    setPicked(active.includes(category) ? active.filter((c) => c !== category) : [...active, category])

  let content
  if (items.length === 0 && wardrobe?.status !== 'ready' && wardrobe?.status !== 'error') {
    content = (
      <div className={styles.center}>
        <Spinner label="Loading wardrobe items" />
      </div>
    )
  } else if (items.length === 0 && wardrobe?.status === 'error') {
    content = (
      <div className={styles.center}>
        <StateMessage
          title={LOAD_WARDROBE_FAILED}
          tone="error"
          headingLevel={3}
          action={
            <Button variant="primary" onClick={() => replica.sync.resume?.()}>
              {messages.tryAgain}
            </Button>
          }
        >
          Check your connection and try again.
        </StateMessage>
      </div>
    )
  } else if (items.length === 0) {
    content = (
      <div className={styles.center}>
        <StateMessage
          title="No wardrobe items yet"
          headingLevel={3}
          action={
            <ButtonLink to={profilePath} variant="primary" onClick={onClose}>
              <Icon name="upload" size={18} />
              Upload on your profile
            </ButtonLink>
          }
        >
          Upload outfit photos on your profile: their clothes become items you can stick here.
        </StateMessage>
      </div>
    )
  } else {
    content = (
      <>
        {!hasOwn && (
          <p className={styles.notice}>
            Your wardrobe is empty.{' '}
            <Link to={profilePath} onClick={onClose}>
              Upload outfit photos on your profile
            </Link>{' '}
            to stick your own clothes here.
          </p>
        )}
        <ItemGroup
          title="Your items"
          entries={own}
          selections={selections}
          notes={notes}
          online={online}
          onToggle={onToggle}
        />
        <ItemGroup
          title="Public items"
          entries={others}
          selections={selections}
          notes={notes}
          online={online}
          onToggle={onToggle}
        />
        {shown.length === 0 && (
          <p className={styles.notice}>
            No items in {active.length > 1 ? 'these categories' : 'this category'}.
          </p>
        )}
      </>
    )
  }

  return (
    <div className={styles.content}>
      <p className={styles.intro}>
        Pick items to stick on this Moori; pick one again to take it off.
        {!online && ' Offline, an item without a cut-out is cut out on this device if it can be, or shows its photo until you are back online.'}
      </p>
      {categories.length > 0 && (
        <div className={styles.filters} role="group" aria-label="Category filters">
          <button
            type="button"
            className={styles.chip}
            aria-pressed={active.length === 0}
            onClick={() => setPicked([])}
          >
            All
          </button>
          {categories.map((category) => (
            <button
              key={category}
              type="button"
              className={styles.chip}
              aria-pressed={active.includes(category)}
              onClick={() => toggleCategory(category)}
              data-testid="category-filter"
            >
              {tagLabel(category)}
            </button>
          ))}
        </div>
      )}
      <div className={styles.scroll}>{content}</div>
      <div className={styles.buttons}>
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      </div>
    </div>
  )
}

function ItemGroup({
  title,
  entries,
  selections,
  notes,
  online,
  onToggle,
}: {
  title: string
  entries: Filterable[]
  selections: Selections
  notes: ReadonlyMap<string, string>
  online: boolean
  onToggle: (itemId: string) => void
}) {
  if (entries.length === 0) return null
  return (
    <section className={styles.group} aria-label={title}>
      <h3 className={styles.groupTitle}>{title}</h3>
      <ul className={styles.grid}>
        {entries.map(({ entry }) => (
          <ImportItemCard
            key={entry.item.id}
            entry={entry}
            selection={selections.get(entry.item.id)}
            note={notes.get(entry.item.id) ?? null}
            online={online}
            onToggle={onToggle}
          />
        ))}
      </ul>
    </section>
  )
}
