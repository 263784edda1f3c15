// The review modal's tag state: the list being edited, the tag open for an inline edit and what is
// typed into each type's add field. `result()` is what Save stores (typed-in values count).
import { useState } from 'react'
import type { ClothingTagRow, TagType } from '@/data/model/rows'
import { addTag, editableTags, editTag, pendingTags, removeTag, verifyTag, type EditableTag, type TagInputs } from './tagDrafts'

export interface TagEditorState {
  tags: EditableTag[]
  editing: TagInputs['editing']
  adding: TagInputs['adding']
  verify: (key: string) => void
  remove: (key: string) => void
  startEdit: (key: string) => void
  changeEdit: (value: string) => void
  commitEdit: () => void
  cancelEdit: () => void
  changeAdd: (type: TagType, value: string) => void
  add: (type: TagType) => void
  result: () => EditableTag[]
}

export function useTagEditor(rows: readonly ClothingTagRow[]): TagEditorState {
  const [tags, setTags] = useState(() => editableTags(rows))
  const [editing, setEditing] = useState<TagInputs['editing']>(null)
  const [adding, setAdding] = useState<TagInputs['adding']>({})

  return {
    tags,
    editing,
    adding,
    verify: (key) => setTags((list) => verifyTag(list, key)),
    remove: (key) => {
      setTags((list) => removeTag(list, key))
      if (editing?.key === key) setEditing(null)
    },
    startEdit: (key) => {
      const tag = tags.find((t) => t.key === key)
      if (!tag) return
      // Opening another tag confirms the one open before.
      if (editing) setTags((list) => editTag(list, editing.key, editing.value))
      setEditing({ key, value: tag.value })
    },
    changeEdit: (value) => setEditing((current) => (current ? { ...current, value } : current)),
    commitEdit: () => {
      if (!editing) return
      setTags((list) => editTag(list, editing.key, editing.value))
      setEditing(null)
    },
    cancelEdit: () => setEditing(null),
    changeAdd: (type, value) => setAdding((current) => ({ ...current, [type]: value })),
    add: (type) => {
      setTags((list) => addTag(list, type, adding[type] ?? ''))
      setAdding((current) => ({ ...current, [type]: '' }))
    },
    result: () => pendingTags(tags, { editing, adding }),
  }
}
