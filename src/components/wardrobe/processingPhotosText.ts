// The unfinished-jobs pill's words, apart from the processing dialog's texts (outfitProcessing.ts), so
// the pill in every header does not bring those along.
/** The header pill's words for outfit photos still being processed. */
export function processingPhotosText(count: number): string {
  return `Processing ${count} photo${count === 1 ? '' : 's'}`
}
