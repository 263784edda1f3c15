// A picture kept on the device (the preview's downscaled photos), shown through an object URL that is
// released when the image goes away.
import { useObjectUrl } from '@/components/useObjectUrl'
import styles from './BlobImage.module.css'

export function BlobImage({ blob, alt, fit = 'cover' }: { blob: Blob; alt: string; fit?: 'cover' | 'contain' }) {
  const url = useObjectUrl(blob)
  return (
    <div className={styles.box}>
      {url && <img src={url} alt={alt} draggable={false} className={fit === 'contain' ? styles.contain : styles.cover} />}
    </div>
  )
}
