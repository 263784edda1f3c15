// One dialog for the whole outfit upload (spec §4 outfit upload processing): idle (pick a photo), then
// uploading, then the processing states of its job. It stays one <dialog>, so focus and position hold
// as it moves from picking to following the job.
import { Dialog } from '@/components/Dialog'
import { OutfitPhotoPicker, type OutfitPick } from './OutfitPhotoPicker'
import { ProcessingPanel } from './ProcessingPanel'
import { OutfitBatchPanel, type BatchEntry } from './OutfitBatchPanel'
import { messages } from '@/lib/messages'

export type OutfitFlowPhase =
  | { kind: 'closed' }
  | { kind: 'pick'; files: File[] }
  | { kind: 'uploading'; file: File }
  | { kind: 'follow'; jobId: string; file: File | null }
  /** Many photos at once: the batch's rows live in the flow (they go on after the dialog closes). */
  | { kind: 'batch' }

export interface BatchProps {
  entries: BatchEntry[]
  onRetry: (key: string) => void
  onRemove: (key: string) => void
}

const UPLOAD_PRODUCT_TITLE = 'Upload Product'
const PROCESSING_TITLE = 'Processing your photo'

export function OutfitUploadDialog({
  phase,
  onClose,
  onUpload,
  onFollow,
  batch,
}: {
  phase: OutfitFlowPhase
  batch: BatchProps
  onClose: () => void
  onUpload: (pick: OutfitPick) => void
  /** Follow another job (a retry). */
  onFollow: (jobId: string) => void
}) {
  const picking = phase.kind === 'pick' || phase.kind === 'closed'
  return (
    <Dialog
      open={phase.kind !== 'closed'}
      title={picking ? UPLOAD_PRODUCT_TITLE : phase.kind === 'batch' ? messages.batchTitle : PROCESSING_TITLE}
      onClose={onClose}
      busy={phase.kind === 'uploading'}
    >
      {phase.kind === 'pick' && (
        <OutfitPhotoPicker initialFiles={phase.files} onCancel={onClose} onUpload={onUpload} />
      )}
      {(phase.kind === 'uploading' || phase.kind === 'follow') && (
        <ProcessingPanel
          jobId={phase.kind === 'follow' ? phase.jobId : null}
          file={phase.file}
          onContinue={onClose}
          onRetried={onFollow}
        />
      )}
      {phase.kind === 'batch' && <OutfitBatchPanel {...batch} onContinue={onClose} />}
    </Dialog>
  )
}
