// The top of a profile (spec §2): avatar, display name, @username and bio. Its owner also gets the
// avatar picker (shrunk like every image), Edit Profile and the account menu.
import { useState } from 'react'
import type { ProfileRow } from '@/data/model/rows'
import { downscaleImage } from '@/lib/downscaleImage'
import { isImageFile } from '@/lib/pickImage'
import { useImageUrl } from '@/data/images/useImageUrl'
import { setAvatar } from '@/data/mutations/profiles'
import { useReplica } from '@/data/ReplicaContext'
import { MutationError } from '@/data/replica'
import { messages } from '@/lib/messages'
import { Avatar } from '@/components/Avatar'
import { AvatarPicker } from '@/components/AvatarPicker'
import { Button } from '@/components/Button'
import { Icon } from '@/components/Icon'
import { useToast } from '@/components/Toasts'
import { AccountMenu } from './AccountMenu'
import { EditProfileDialog } from './EditProfileDialog'
import styles from './ProfileScreen.module.css'
import { usePreloadDownscaler } from '@/components/usePreloadDownscaler'

const AVATAR_FAILED = messages.avatarFailed

export function ProfileHeader({ profile, isOwner }: { profile: ProfileRow; isOwner: boolean }) {
  usePreloadDownscaler()
  const replica = useReplica()
  const toast = useToast()
  const avatar = useImageUrl(profile.avatarPath)
  const [editing, setEditing] = useState(false)
  const [changingAvatar, setChangingAvatar] = useState(false)
  const name = profile.displayName || profile.username

  const changeAvatar = async (file: File) => {
    if (!isImageFile(file)) return toast.error(messages.onlyImages)
    setChangingAvatar(true)
    try {
      await setAvatar(replica, profile.id, await downscaleImage(file))
    } catch (error) {
      toast.error(error instanceof MutationError ? error.message : AVATAR_FAILED)
    } finally {
      setChangingAvatar(false)
    }
  }

  return (
    <section className={styles.header} aria-labelledby="profile-name">
      <span className={styles.headerTape} aria-hidden="true" />
      <div className={styles.avatar}>
        {isOwner ? (
          <AvatarPicker
            name={name}
            currentUrl={avatar.url}
            onPick={(file) => void changeAvatar(file)}
            label="Change profile picture"
            size={112}
            disabled={changingAvatar}
          />
        ) : (
          <Avatar src={avatar.url} name={name} size={112} />
        )}
      </div>
      <div className={styles.identity}>
        <h1 id="profile-name" className={styles.name}>
          {name}
        </h1>
        <p className={styles.username}>@{profile.username}</p>
        {profile.bio ? (
          <p className={styles.bio}>{profile.bio}</p>
        ) : (
          isOwner && <p className={styles.bioEmpty}>Add a bio so people know what you collect.</p>
        )}
      </div>
      {isOwner && (
        <div className={styles.ownerActions}>
          <Button size="small" onClick={() => setEditing(true)}>
            <Icon name="user" size={16} />
            Edit Profile
          </Button>
          <AccountMenu />
          <EditProfileDialog profile={profile} open={editing} onClose={() => setEditing(false)} />
        </div>
      )}
    </section>
  )
}
