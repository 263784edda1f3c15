// The signed-in user's chip in headers: their avatar linking to their profile, or the first letter of
// their email while they have no profile (spec §2).
import { Link } from 'react-router-dom'
import { useAccount } from '@/auth/useAccount'
import { useImageUrl } from '@/data/images/useImageUrl'
import { Avatar } from './Avatar'
import styles from './UserChip.module.css'

export function UserChip() {
  const account = useAccount()
  const avatar = useImageUrl(account.profile?.avatarPath ?? null)
  if (account.status !== 'signedIn' || !account.user) return null
  const profile = account.profile
  if (!profile) {
    const email = account.user.email ?? '?'
    return (
      <span className={styles.chip} title={email} aria-label={`Signed in as ${email}`} data-testid="user-chip">
        <Avatar name={email} size={36} />
      </span>
    )
  }
  const name = profile.displayName ?? profile.username
  return (
    <Link to={`/${profile.username}`} className={styles.chip} aria-label={`Your profile, ${name}`} data-testid="user-chip">
      <Avatar name={name} src={avatar.url} size={36} />
    </Link>
  )
}
