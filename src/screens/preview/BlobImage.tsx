// A picture kept on the device (the preview's downscaled photos), shown through an object URL that is
// released when the image goes away.
import { useEffect, useState } from 'react'
import styles from './BlobImage.module.css'

export function BlobImage({ blob, alt, fit = 'cover' }: { blob: Blob; alt: string; fit?: 'cover' | 'contain' }) {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    const objectUrl = URL.createObjectURL(blob)
    setUrl(objectUrl)
    return () => URL.revokeObjectURL(objectUrl)
  }, [blob])
  return (
    <div className={styles.box}>
      {url && <img src={url} alt={alt} draggable={false} className={fit === 'contain' ? styles.contain : styles.cover} />}
    </div>
  )
}
