// Writes to the signed-in user's own profile: create it (profile setup), edit display name and bio,
// change the avatar. A user may only ever write their own profile (spec §5).
import { newId } from '@/lib/ids'
import { bioError, displayNameError, messages, trimmedOrNull, usernameError } from '@/lib/validation'
import { toServer } from '../model/mapping'
import type { ProfileRow } from '../model/rows'
import { MutationError, type Replica } from '../replica'
import { enqueue } from './enqueue'
import { withQuotaRecovery } from '../storageQuota'
import { imageObjectPath } from './wallItems'

export const AVATAR_BUCKET = 'polaroid-images'

export interface NewProfile {
  username: string
  displayName?: string
  bio?: string
  avatar?: Blob | null
}

export async function createProfile(replica: Replica, input: NewProfile): Promise<ProfileRow> {
  const userId = replica.userId
  if (!userId) throw new MutationError(messages.signInToCreateProfile)
  const problem =
    usernameError(input.username) ?? displayNameError(input.displayName ?? '') ?? bioError(input.bio ?? '')
  if (problem) throw new MutationError(problem)
  const username = input.username.trim()
  const { db } = replica
  const now = new Date().toISOString()
  const profile: ProfileRow = {
    id: userId,
    username,
    usernameLower: username.toLowerCase(),
    displayName: trimmedOrNull(input.displayName),
    bio: trimmedOrNull(input.bio),
    avatarPath: null,
    createdAt: now,
    updatedAt: now,
    txid: '',
  }
  await withQuotaRecovery(() =>
    db.transaction('rw', [db.profiles, db.pendingUploads, db.outbox], async () => {
      const taken = await db.profiles.where('usernameLower').equals(profile.usernameLower).first()
      if (taken && taken.id !== userId) throw new MutationError(messages.usernameTaken)
      if (await db.profiles.get(userId)) throw new MutationError('You already have a profile.')
      const avatarUpload = input.avatar ? await queueAvatarUpload(replica, userId, input.avatar) : null
      if (avatarUpload) profile.avatarPath = avatarUpload
      await db.profiles.add(profile)
      await enqueue(db, [
        ...(avatarUpload ? [avatarChange(userId, avatarUpload)] : []),
        {
          table: 'profiles',
          rowId: userId,
          fields: Object.keys(profile),
          op: { op: 'insert', table: 'profiles', row: toServer('profiles', profile) },
          failureMessage: 'Failed to create profile',
          uniqueViolationMessage: messages.usernameTaken,
        },
      ])
    }),
  )
  replica.sync.nudge()
  return profile
}

async function queueAvatarUpload(replica: Replica, userId: string, avatar: Blob): Promise<string> {
  const contentType = avatar.type || 'image/jpeg'
  const path = imageObjectPath(userId, 'avatars', newId(), contentType)
  const key = `${AVATAR_BUCKET}/${path}`
  await replica.db.pendingUploads.put({
    key,
    bucket: AVATAR_BUCKET,
    path,
    blob: avatar,
    contentType,
    createdAt: Date.now(),
  })
  return key
}

function avatarChange(userId: string, key: string) {
  return {
    table: 'profiles' as const,
    rowId: userId,
    fields: [],
    op: { op: 'upload' as const, bucket: AVATAR_BUCKET, path: key.slice(AVATAR_BUCKET.length + 1) },
    failureMessage: 'Failed to upload avatar',
  }
}

async function ownProfile(replica: Replica, profileId: string): Promise<ProfileRow> {
  if (!replica.userId || replica.userId !== profileId) throw new MutationError(messages.ownProfileOnly)
  const profile = await replica.db.profiles.get(profileId)
  if (!profile) throw new MutationError('User not found')
  return profile
}

export async function updateProfile(
  replica: Replica,
  profileId: string,
  edit: { displayName: string; bio: string },
): Promise<void> {
  const problem = displayNameError(edit.displayName) ?? bioError(edit.bio)
  if (problem) throw new MutationError(problem)
  const patch = { displayName: trimmedOrNull(edit.displayName), bio: trimmedOrNull(edit.bio) }
  const { db } = replica
  await db.transaction('rw', db.profiles, db.outbox, async () => {
    await ownProfile(replica, profileId)
    await db.profiles.update(profileId, patch)
    await enqueue(db, [
      {
        table: 'profiles',
        rowId: profileId,
        fields: Object.keys(patch),
        op: { op: 'update', table: 'profiles', id: profileId, patch: toServer('profiles', patch) },
        failureMessage: 'Failed to update profile',
      },
    ])
  })
  replica.sync.nudge()
}

/** Shows or hides the user on walls they have open; the Realtime server enforces it once synced. */
export async function setPresenceHidden(replica: Replica, profileId: string, hidden: boolean): Promise<void> {
  const { db } = replica
  await db.transaction('rw', db.profiles, db.outbox, async () => {
    await ownProfile(replica, profileId)
    await db.profiles.update(profileId, { hidePresence: hidden })
    await enqueue(db, [
      {
        table: 'profiles',
        rowId: profileId,
        fields: ['hidePresence'],
        op: { op: 'update', table: 'profiles', id: profileId, patch: { hide_presence: hidden } },
        failureMessage: 'Failed to update profile',
      },
    ])
  })
  replica.sync.nudge()
}

/** The new avatar shows at once from the local Blob; the old file is removed once the new one is set. */
export async function setAvatar(replica: Replica, profileId: string, avatar: Blob): Promise<void> {
  const { db } = replica
  await withQuotaRecovery(() =>
    db.transaction('rw', [db.profiles, db.pendingUploads, db.outbox], async () => {
      const profile = await ownProfile(replica, profileId)
      const key = await queueAvatarUpload(replica, profileId, avatar)
      await db.profiles.update(profileId, { avatarPath: key })
      const previous = profile.avatarPath
      await enqueue(db, [
        avatarChange(profileId, key),
        {
          table: 'profiles',
          rowId: profileId,
          fields: ['avatarPath'],
          op: { op: 'update', table: 'profiles', id: profileId, patch: { avatar_path: key } },
          failureMessage: 'Failed to upload avatar',
        },
        ...(previous && previous.startsWith(`${AVATAR_BUCKET}/${profileId}/`)
          ? [
              {
                table: 'profiles' as const,
                rowId: profileId,
                fields: [],
                op: {
                  op: 'removeObject' as const,
                  bucket: AVATAR_BUCKET,
                  path: previous.slice(AVATAR_BUCKET.length + 1),
                },
                failureMessage: 'Failed to upload avatar',
              },
            ]
          : []),
      ])
    }),
  )
  replica.sync.nudge()
}
