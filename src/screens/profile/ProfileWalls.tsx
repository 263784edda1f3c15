// A profile's walls (spec §2, §6): the owner sees all of theirs, others only public ones (useProfile
// decides). A search box, a filter and a grid or list view.
import { useState } from 'react'
import type { WallCard as WallEntry } from '@/data/queries/useMooris'
import { Button, ButtonLink } from '@/components/Button'
import { Icon } from '@/components/Icon'
import { StateMessage } from '@/components/StateMessage'
import { TextField } from '@/components/TextField'
import { WallCard } from '@/components/WallCard'
import { filterWalls, ownerFilters, visitorFilters, type WallFilter } from './wallFilters'
import styles from './ProfileScreen.module.css'

export function ProfileWalls({
  walls,
  isOwner,
  name,
}: {
  walls: WallEntry[]
  isOwner: boolean
  name: string
}) {
  const [query, setQuery] = useState('')
  const [filter, setFilter] = useState<WallFilter>('all')
  const [layout, setLayout] = useState<'grid' | 'list'>('grid')
  const filters = isOwner ? ownerFilters : visitorFilters
  const shown = filterWalls(walls, query, filter)

  let body
  if (walls.length === 0) {
    body = isOwner ? (
      <StateMessage
        title="No Mooris yet"
        headingLevel={3}
        action={
          <ButtonLink to="/create-wall" variant="primary">
            <Icon name="plus" size={18} />
            Create Moori
          </ButtonLink>
        }
      >
        Start your first wall of looks.
      </StateMessage>
    ) : (
      <StateMessage title="No public Mooris yet" headingLevel={3}>
        {name} has not shared any Mooris yet.
      </StateMessage>
    )
  } else if (shown.length === 0) {
    body = (
      <StateMessage
        title="No Mooris match"
        headingLevel={3}
        action={
          <Button
            onClick={() => {
              setQuery('')
              setFilter('all')
            }}
          >
            Show all
          </Button>
        }
      >
        Nothing here matches{query.trim() ? ` “${query.trim()}”` : ' this filter'}.
      </StateMessage>
    )
  } else {
    body = (
      <ul className={layout === 'grid' ? styles.wallGrid : styles.wallList} aria-label={`${name}'s Mooris`}>
        {shown.map((entry) => (
          <li key={entry.wall.id}>
            <WallCard entry={entry} layout={layout} />
          </li>
        ))}
      </ul>
    )
  }

  return (
    <section className={styles.walls} aria-labelledby="walls-heading">
      <div className={styles.wallsHead}>
        <h2 id="walls-heading" className={styles.sectionTitle}>
          Mooris <span className={styles.count}>{walls.length}</span>
        </h2>
      </div>
      <div className={styles.toolbar}>
        <TextField
          label="Search Mooris"
          hideLabel
          type="search"
          placeholder="Search Mooris"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className={styles.search}
        />
        <div className={styles.filterGroup} role="group" aria-label="Show">
          {filters.map((f) => (
            <button
              key={f.id}
              type="button"
              className={styles.filter}
              aria-pressed={filter === f.id}
              onClick={() => setFilter(f.id)}
            >
              {f.label}
            </button>
          ))}
        </div>
        <div className={styles.viewToggle} role="group" aria-label="Layout">
          <button
            type="button"
            className={styles.viewButton}
            aria-pressed={layout === 'grid'}
            aria-label="Grid view"
            onClick={() => setLayout('grid')}
          >
            <Icon name="grid" size={18} />
          </button>
          <button
            type="button"
            className={styles.viewButton}
            aria-pressed={layout === 'list'}
            aria-label="List view"
            onClick={() => setLayout('list')}
          >
            <Icon name="list" size={18} />
          </button>
        </div>
      </div>
      {body}
    </section>
  )
}
