// The two style tags that say an item came from an outfit photo (spec §5, §6): the outfit's own item
// ('OOTD Complete', it carries the analysis) and each garment cut out of it ('OOTD Extracted'). The engine
// writes them, the Products filters and cards read them.

export const OOTD_COMPLETE = 'OOTD Complete'
export const OOTD_EXTRACTED = 'OOTD Extracted'
const OOTD_STYLES = [OOTD_EXTRACTED, OOTD_COMPLETE] as const

/** The tag marks where the item came from rather than describing it. */
export function isOotdStyleTag(tag: { tagType: string; tagValue: string }): boolean {
  return tag.tagType === 'style' && (OOTD_STYLES as readonly string[]).includes(tag.tagValue)
}
