// The owner's own tag values (a category or style they typed once) for the fields that offer values:
// the Products area provides its wardrobe, the review modal's tag fields read it. A context, because the
// fields sit four components below the wardrobe.
import { createContext, useContext } from 'react'
import type { WardrobeEntry } from '@/data/wardrobe/useWardrobe'
import type { TagTypeName } from '@/lib/wardrobe/tagOptions'
import { offeredValues } from './review/tagChoices'

export const OwnWardrobeContext = createContext<readonly WardrobeEntry[]>([])

/** The spec's values for `type`, then the owner's own. */
export function useOfferedValues(type: TagTypeName): readonly string[] {
  const { listed, own } = offeredValues(type, useContext(OwnWardrobeContext))
  return own.length > 0 ? [...listed, ...own] : listed
}
