// Tags grouped by type in the review modal (spec §3: category, color, style, material, brand, season,
// occasion). The owner verifies, edits, removes and adds per type; visitors only read.
import { useRef } from 'react'
import type { TagType } from '@/data/model/rows'
import { TAG_TYPE_LABELS, tagLabel } from '@/lib/wardrobe/tagOptions'
import { Button } from '@/components/Button'
import { Icon } from '@/components/Icon'
import { ConfidenceBadge } from './ConfidenceBadge'
import { groupTags, type EditableTag } from './tagDrafts'
import { TagRow } from './TagRow'
import { TagValueInput } from './TagValueInput'
import type { TagEditorState } from './useTagEditor'
import styles from './ProductReviewDialog.module.css'

export function TagEditor({ editor }: { editor: TagEditorState }) {
  // A removed tag's buttons are gone: focus moves to its type's add field.
  const addFields = useRef(new Map<TagType, HTMLElement>())
  const remove = (key: string, type: TagType) => {
    editor.remove(key)
    addFields.current.get(type)?.focus()
  }
  return (
    <div className={styles.tagGroups}>
      {groupTags(editor.tags).map(({ type, tags }) => {
        const label = TAG_TYPE_LABELS[type]
        const values = tags.map((t) => t.value)
        const typed = editor.adding[type] ?? ''
        return (
          <fieldset key={type} className={styles.tagGroup} data-testid={`tag-group-${type}`}>
            <legend className={styles.groupLabel}>{label}</legend>
            {tags.length > 0 ? (
              <ul className={styles.tagList}>
                {tags.map((tag) => (
                  <TagRow
                    key={tag.key}
                    tag={tag}
                    exclude={values}
                    editing={
                      editor.editing?.key === tag.key
                        ? {
                            value: editor.editing.value,
                            onChange: editor.changeEdit,
                            onDone: editor.commitEdit,
                            onCancel: editor.cancelEdit,
                          }
                        : null
                    }
                    onVerify={() => editor.verify(tag.key)}
                    onEdit={() => editor.startEdit(tag.key)}
                    onRemove={() => remove(tag.key, type)}
                  />
                ))}
              </ul>
            ) : (
              <p className={styles.noTags}>No {label.toLowerCase()} tags yet.</p>
            )}
            <div className={styles.addRow}>
              <TagValueInput
                type={type}
                value={typed}
                label={`Add ${label.toLowerCase()}`}
                placeholder={`Add ${label.toLowerCase()}`}
                exclude={values}
                onChange={(value) => editor.changeAdd(type, value)}
                onEnter={() => editor.add(type)}
                fieldRef={(element) => {
                  if (element) addFields.current.set(type, element)
                  else addFields.current.delete(type)
                }}
              />
              <Button onClick={() => editor.add(type)} disabled={!typed.trim()} aria-label={`Add ${label.toLowerCase()} tag`}>
                Add
              </Button>
            </div>
          </fieldset>
        )
      })}
    </div>
  )
}

/** The same groups, read-only (a visitor's view of someone's item); empty groups are left out. */
export function TagList({ tags }: { tags: readonly EditableTag[] }) {
  const groups = groupTags(tags).filter((g) => g.tags.length > 0)
  if (groups.length === 0) return <p className={styles.noTags}>No tags yet.</p>
  return (
    <dl className={styles.readGroups}>
      {groups.map(({ type, tags: inGroup }) => (
        <div key={type} className={styles.readGroup} data-testid={`tag-group-${type}`}>
          <dt>{TAG_TYPE_LABELS[type]}</dt>
          <dd>
            {inGroup.map((tag) => (
              <span key={tag.key} className={styles.readTag} data-testid="tag-row">
                {tagLabel(tag.value)}
                {tag.ai && !tag.verified && <ConfidenceBadge score={tag.confidence} withAiMark />}
                {tag.ai && tag.verified && (
                  <span className={styles.verifiedMark}>
                    <Icon name="check" size={14} />
                    Verified
                  </span>
                )}
              </span>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  )
}
