// One dialog for the whole outfit upload (spec §4 outfit upload processing): idle (pick a photo), then
// uploading, then the processing states of its job. It stays one <dialog>, so focus and position hold
// as it moves from picking to following the job.
import { Dialog } from '@/components/Dialog'
import { OutfitPhotoPicker, type OutfitPick } from './OutfitPhotoPicker'
import { ProcessingPanel } from './ProcessingPanel'

export type OutfitFlowPhase =
  | { kind: 'closed' }
  | { kind: 'pick'; file: File | null }
  | { kind: 'uploading'; file: File }
  | { kind: 'follow'; jobId: string; file: File | null }

const UPLOAD_PRODUCT_TITLE = 'Upload Product'
const PROCESSING_TITLE = 'Processing your photo'

export function OutfitUploadDialog({
  phase,
  onClose,
  onUpload,
  onFollow,
}: {
  phase: OutfitFlowPhase
  onClose: () => void
  onUpload: (pick: OutfitPick) => void
  /** Follow another job (a retry). */
  onFollow: (jobId: string) => void
}) {
  const picking = phase.kind === 'pick' || phase.kind === 'closed'
  return (
    <Dialog
      open={phase.kind !== 'closed'}
      title={picking ? UPLOAD_PRODUCT_TITLE : PROCESSING_TITLE}
      onClose={onClose}
      busy={phase.kind === 'uploading'}
    >
      {phase.kind === 'pick' && (
        <OutfitPhotoPicker initialFile={phase.file} onCancel={onClose} onUpload={onUpload} />
      )}
      {(phase.kind === 'uploading' || phase.kind === 'follow') && (
        <ProcessingPanel
          jobId={phase.kind === 'follow' ? phase.jobId : null}
          file={phase.file}
          onContinue={onClose}
          onRetried={onFollow}
        />
      )}
    </Dialog>
  )
}
