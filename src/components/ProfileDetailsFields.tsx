// The display name and bio fields (spec §5: at most 50 and 200 characters), shared by profile setup
// and Edit Profile so both count, limit and explain the same way.
import { bioError, displayNameError, limits } from '@/lib/validation'
import { TextField } from './TextField'

/** Whether the details can be saved (the parent's Save button). */
export function profileDetailsValid(displayName: string, bio: string): boolean {
  return !displayNameError(displayName) && !bioError(bio)
}

export function ProfileDetailsFields({
  displayName,
  bio,
  onDisplayName,
  onBio,
  optional = false,
}: {
  displayName: string
  bio: string
  onDisplayName: (value: string) => void
  onBio: (value: string) => void
  /** Setup marks both as optional; editing an existing profile does not. */
  optional?: boolean
}) {
  const suffix = optional ? ' (optional)' : ''
  return (
    <>
      <TextField
        label={`Display name${suffix}`}
        name="displayName"
        autoComplete="name"
        value={displayName}
        maxLength={limits.displayName}
        error={displayNameError(displayName)}
        onChange={(event) => onDisplayName(event.currentTarget.value)}
      />
      <TextField
        label={`Bio${suffix}`}
        name="bio"
        multiline
        value={bio}
        maxLength={limits.bio}
        error={bioError(bio)}
        onChange={(event) => onBio(event.currentTarget.value)}
      />
    </>
  )
}
