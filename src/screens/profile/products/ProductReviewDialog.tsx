// The review-and-edit modal of a wardrobe item (spec §2, §3, §5): the owner edits name and description
// (trimmed; 100 and 1000 characters) and the tags grouped by type, all saved on the device first and
// synced later, so it works offline; visitors get the same item read-only.
import { useEffect, useState } from 'react'
import type { WardrobeEntry } from '@/data/wardrobe/useWardrobe'
import { editWardrobeItem } from '@/data/wardrobe/wardrobeItems'
import { warmCutout } from '@/data/wardrobe/cutoutClient'
import { saveTags } from '@/data/wardrobe/wardrobeTags'
import { useReplica } from '@/data/ReplicaContext'
import { MutationError } from '@/data/replica'
import { messages } from '@/lib/messages'
import { Button } from '@/components/Button'
import { Dialog } from '@/components/Dialog'
import { Icon } from '@/components/Icon'
import { useConnectivity } from '@/data/connectivity'
import { StoredImage } from '@/components/StoredImage'
import { TextField } from '@/components/TextField'
import { useToast } from '@/components/Toasts'
import { OutfitJobStatus } from './OutfitJobStatus'
import { isCompleteOutfit, itemTitle, outfitJobState } from './productCardModel'
import { editableTags, tagDrafts, tagsChanged } from './tagDrafts'
import { TagEditor, TagList } from './TagEditor'
import { useTagEditor } from './useTagEditor'
import { CutoutEditorLauncher, type CutoutEditorTarget } from '@/components/wardrobe/cutoutEditor/CutoutEditorLauncher'
import styles from './ProductReviewDialog.module.css'

const ITEM_NAME_MAX = 100
const ITEM_DESCRIPTION_MAX = 1000
const REVIEW_TITLE = 'Review and edit'
const UPDATE_FAILED = messages.updateItemFailed

export function ProductReviewDialog({
  entry,
  isOwner,
  onClose,
  onOpenAnalysis,
}: {
  entry: WardrobeEntry | null
  isOwner: boolean
  onClose: () => void
  onOpenAnalysis: (itemId: string) => void
}) {
  const [busy, setBusy] = useState(false)
  const [fixing, setFixing] = useState<CutoutEditorTarget | null>(null)
  const title = isOwner ? REVIEW_TITLE : entry ? itemTitle(entry.item.name) : ''
  return (
    <>
      <Dialog open={entry !== null} title={title} onClose={onClose} wide busy={busy}>
        {entry &&
          (isOwner ? (
            <EditForm
              key={entry.item.id}
              entry={entry}
              onClose={onClose}
              onBusy={setBusy}
              onOpenAnalysis={onOpenAnalysis}
              onFixCutout={() => setFixing({ itemId: entry.item.id, itemName: itemTitle(entry.item.name) })}
            />
          ) : (
            <ReadOnlyItem entry={entry} onClose={onClose} onOpenAnalysis={onOpenAnalysis} />
          ))}
      </Dialog>
      <CutoutEditorLauncher target={entry && fixing?.itemId === entry.item.id ? fixing : null} onClose={() => setFixing(null)} />
    </>
  )
}

function ItemPicture({
  entry,
  isOwner,
  onOpenAnalysis,
  onFixCutout,
}: {
  entry: WardrobeEntry
  isOwner: boolean
  onOpenAnalysis: (id: string) => void
  onFixCutout?: () => void
}) {
  const { online } = useConnectivity()
  const job = outfitJobState(entry, online)
  // The cut-out editor's runtime, fetched ahead while online, so fixing a cut-out works offline later.
  const canFix = Boolean(onFixCutout)
  useEffect(() => {
    if (canFix && online) warmCutout()
  }, [canFix, online])
  const outfit = isCompleteOutfit(entry.tags) || entry.item.analysis !== null
  return (
    <div className={styles.picture}>
      <StoredImage imagePath={entry.item.imagePath} alt={itemTitle(entry.item.name)} fit="contain" ratio={1} eager />
      {job && <OutfitJobStatus state={job} itemId={entry.item.id} canRetry={isOwner} />}
      {outfit && (
        <Button onClick={() => onOpenAnalysis(entry.item.id)} block>
          <Icon name="scan" size={18} />
          Outfit analysis
        </Button>
      )}
      {onFixCutout && (
        <Button onClick={onFixCutout} block>
          <Icon name="edit" size={18} />
          {entry.item.cutoutPath ? messages.fixCutout : messages.cutOutOnDevice}
        </Button>
      )}
    </div>
  )
}

function EditForm({
  entry,
  onClose,
  onBusy,
  onOpenAnalysis,
  onFixCutout,
}: {
  entry: WardrobeEntry
  onClose: () => void
  onBusy: (busy: boolean) => void
  onOpenAnalysis: (itemId: string) => void
  onFixCutout: () => void
}) {
  const replica = useReplica()
  const toast = useToast()
  const { item } = entry
  const [name, setName] = useState(item.name)
  const [description, setDescription] = useState(item.description ?? '')
  const editor = useTagEditor(entry.tags)
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const nameError = name.trim().length > ITEM_NAME_MAX ? messages.nameTooLong : null
  const descriptionError = description.trim().length > ITEM_DESCRIPTION_MAX ? messages.descriptionTooLong : null
  const valid = !nameError && !descriptionError

  const save = async () => {
    if (!valid || saving) return
    setSaving(true)
    onBusy(true)
    setError(null)
    try {
      if (name.trim() !== item.name || (description.trim() || null) !== item.description) {
        await editWardrobeItem(replica, item.id, { name, description })
      }
      const tags = editor.result()
      if (tagsChanged(tags, entry.tags)) await saveTags(replica, item.id, tagDrafts(tags))
      onBusy(false)
      toast.success('Item saved')
      onClose()
    } catch (failure) {
      const message = failure instanceof MutationError ? failure.message : UPDATE_FAILED
      setError(message)
      toast.error(message)
      setSaving(false)
      onBusy(false)
    }
  }

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
    >
      <div className={styles.top}>
        <ItemPicture entry={entry} isOwner onOpenAnalysis={onOpenAnalysis} onFixCutout={onFixCutout} />
        <div className={styles.fields}>
          <TextField label="Name" value={name} maxLength={ITEM_NAME_MAX} error={nameError} onChange={(e) => setName(e.target.value)} />
          <TextField
            label="Description"
            multiline
            rows={4}
            value={description}
            maxLength={ITEM_DESCRIPTION_MAX}
            error={descriptionError}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
      </div>
      <section aria-labelledby="review-tags-heading" className={styles.tagsSection}>
        <h3 id="review-tags-heading" className={styles.tagsHeading}>
          Tags
        </h3>
        <p className={styles.tagsHint}>Check the AI’s suggestions: verify, edit or remove them, or add your own.</p>
        <TagEditor editor={editor} />
      </section>
      {error && (
        <p className={styles.formError} role="alert">
          {error}
        </p>
      )}
      <div className={styles.buttons} data-sticky-footer>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={saving || !valid}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  )
}

function ReadOnlyItem({ entry, onClose, onOpenAnalysis }: { entry: WardrobeEntry; onClose: () => void; onOpenAnalysis: (id: string) => void }) {
  return (
    <div className={styles.form}>
      <div className={styles.top}>
        <ItemPicture entry={entry} isOwner={false} onOpenAnalysis={onOpenAnalysis} />
        <div className={styles.fields}>
          {entry.item.description ? <p className={styles.readDescription}>{entry.item.description}</p> : <p className={styles.noTags}>No description.</p>}
          <TagList tags={editableTags(entry.tags)} />
        </div>
      </div>
      <div className={styles.buttons} data-sticky-footer>
        <Button variant="primary" onClick={onClose}>
          Close
        </Button>
      </div>
    </div>
  )
}
