// /wall/{wallId}: the wall page; /wall without an id shows the not-found page (spec §2).
import { useParams } from 'react-router-dom'
import { MooriNotFound } from '@/components/MooriNotFound'
import { WallPage } from './WallPage'

export function WallScreen() {
  const { wallId } = useParams()
  if (!wallId) return <MooriNotFound />
  return <WallPage key={wallId} wallId={wallId} />
}
