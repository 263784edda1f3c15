// A round avatar: the picture when there is one, else the first letter of a name or email.
import styles from './Avatar.module.css'

export function Avatar({ src, name, size = 36 }: { src?: string | null; name: string; size?: number }) {
  const initial = (name.trim()[0] ?? '?').toUpperCase()
  return (
    <span className={styles.avatar} style={{ width: size, height: size, fontSize: size * 0.42 }} aria-hidden="true">
      {src ? <img src={src} alt="" width={size} height={size} loading="lazy" decoding="async" /> : initial}
    </span>
  )
}
