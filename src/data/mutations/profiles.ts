// Writes to the signed-in user's own profile: create it (profile setup), edit display name and bio,
// change the avatar. A user may only ever write their own profile (spec §5).
import { BUCKETS } from '@/lib/wardrobe/storage'
import { newId } from '@/lib/ids'
import { bioError, displayNameError, trimmedOrNull, usernameError } from '@/lib/validation'
import { messages } from '@/lib/messages'
import type { MooriDB } from '../db'
import { toServer } from '../model/mapping'
import type { ProfileRow } from '../model/rows'
import { MutationError, type Replica } from '../replica'
import type { Change } from './enqueue'
import { mutate } from './mutate'
import { imageObjectPath, queueImage } from './queueImage'

const AVATAR_BUCKET = BUCKETS.polaroids

interface NewProfile {
  username: string
  displayName?: string
  bio?: string
  avatar?: Blob | null
}

/** Keeps a new avatar on the device and returns its `bucket/path` with the upload to queue. */
function queueAvatar(db: MooriDB, userId: string, avatar: Blob) {
  const contentType = avatar.type || 'image/jpeg'
  const image = { bucket: AVATAR_BUCKET, path: imageObjectPath(userId, 'avatars', newId(), contentType), blob: avatar, contentType }
  return queueImage(db, { table: 'profiles', rowId: userId }, image, messages.avatarFailed)
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
  await mutate(
    replica,
    [db.profiles, db.pendingUploads],
    async ({ queue }) => {
      const taken = await db.profiles.where('usernameLower').equals(profile.usernameLower).first()
      if (taken && taken.id !== userId) throw new MutationError(messages.usernameTaken)
      if (await db.profiles.get(userId)) throw new MutationError(messages.profileExists)
      if (input.avatar) {
        const avatar = await queueAvatar(db, userId, input.avatar)
        profile.avatarPath = avatar.imagePath
        queue(avatar.upload)
      }
      await db.profiles.add(profile)
      queue({
        table: 'profiles',
        rowId: userId,
        fields: Object.keys(profile),
        op: { op: 'insert', table: 'profiles', row: toServer('profiles', profile) },
        failureMessage: messages.createProfileFailed,
        uniqueViolationMessage: messages.usernameTaken,
      })
    },
    { storesFiles: Boolean(input.avatar) },
  )
  return profile
}

async function ownProfile(replica: Replica, profileId: string): Promise<ProfileRow> {
  if (!replica.userId || replica.userId !== profileId) throw new MutationError(messages.ownProfileOnly)
  const profile = await replica.db.profiles.get(profileId)
  if (!profile) throw new MutationError(messages.userNotFound)
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
  await mutate(replica, [db.profiles], async ({ queue }) => {
    await ownProfile(replica, profileId)
    await db.profiles.update(profileId, patch)
    queue({
      table: 'profiles',
      rowId: profileId,
      fields: Object.keys(patch),
      op: { op: 'update', table: 'profiles', id: profileId, patch: toServer('profiles', patch) },
      failureMessage: messages.updateProfileFailed,
    })
  })
}

/** Shows or hides the user on walls they have open; the Realtime server enforces it once synced. */
export async function setPresenceHidden(replica: Replica, profileId: string, hidden: boolean): Promise<void> {
  const { db } = replica
  await mutate(replica, [db.profiles], async ({ queue }) => {
    await ownProfile(replica, profileId)
    await db.profiles.update(profileId, { hidePresence: hidden })
    queue({
      table: 'profiles',
      rowId: profileId,
      fields: ['hidePresence'],
      op: { op: 'update', table: 'profiles', id: profileId, patch: { hide_presence: hidden } },
      failureMessage: messages.updateProfileFailed,
    })
  })
}

/** The new avatar shows at once from the local Blob; the old file is removed once the new one is set. */
export async function setAvatar(replica: Replica, profileId: string, avatar: Blob): Promise<void> {
  const { db } = replica
  await mutate(
    replica,
    [db.profiles, db.pendingUploads],
    async ({ queue }) => {
      const profile = await ownProfile(replica, profileId)
      const queued = await queueAvatar(db, profileId, avatar)
      await db.profiles.update(profileId, { avatarPath: queued.imagePath })
      const previous = profile.avatarPath
      const changes: Change[] = [
        queued.upload,
        {
          table: 'profiles',
          rowId: profileId,
          fields: ['avatarPath'],
          op: { op: 'update', table: 'profiles', id: profileId, patch: { avatar_path: queued.imagePath } },
          failureMessage: messages.avatarFailed,
        },
      ]
      if (previous && previous.startsWith(`${AVATAR_BUCKET}/${profileId}/`)) {
        changes.push({
          table: 'profiles',
          rowId: profileId,
          fields: [],
          op: { op: 'removeObject', bucket: AVATAR_BUCKET, path: previous.slice(AVATAR_BUCKET.length + 1) },
          failureMessage: messages.avatarFailed,
        })
      }
      queue(...changes)
    },
    { storesFiles: true },
  )
}
