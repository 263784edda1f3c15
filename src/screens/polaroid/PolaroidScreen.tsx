// /wall/{wallId}/polaroid/{id} (spec §2): one polaroid in a modal with previous/next and, for the
// wall's owner, its name and message to edit. Opened from a page (navigation state names a
// background) it floats over that page; opened directly, the route table draws its wall behind it.
import { useParams } from 'react-router-dom'
import { PolaroidModal } from './PolaroidModal'

export function PolaroidScreen({ overlay }: { overlay: boolean }) {
  const { wallId = '', polaroidId = '' } = useParams()
  return <PolaroidModal wallId={wallId} polaroidId={polaroidId} overlay={overlay} />
}
