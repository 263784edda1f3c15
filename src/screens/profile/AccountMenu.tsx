// The profile owner's menu (spec §2, §4): Sign Out and Delete My Account, and (issue 16) whether
// others see them on the walls they have open. Sign-out first pushes what
// is waiting; if something could not be saved it asks before throwing it away. Deletion is confirmed
// ('Yes, Delete', 'Deleting...'), removes the account and its data on the server, then goes home.
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { useAccountActions } from '@/auth/AccountContext'
import { setPresenceHidden } from '@/data/mutations/profiles'
import { useMyProfileState } from '@/data/queries/useOwnProfile'
import { useReplica } from '@/data/ReplicaContext'
import { ConfirmDialog } from '@/components/Dialog'
import { Icon } from '@/components/Icon'
import { Menu } from '@/components/Menu'
import { useToast } from '@/components/Toasts'
import styles from './ProfileScreen.module.css'
import { ExportDialog, useImportExport } from './DataTransfer'
import { messages } from '@/lib/messages'

function unpushedText(count: number): string {
  const changes = count === 1 ? '1 change has' : `${count} changes have`
  return `${changes} not reached the server yet (you may be offline). If you sign out now, they will be lost.`
}

export function AccountMenu() {
  const actions = useAccountActions()
  const navigate = useNavigate()
  const toast = useToast()
  const [signingOut, setSigningOut] = useState(false)
  const [unpushed, setUnpushed] = useState<number | null>(null)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const replica = useReplica()
  const profile = useMyProfileState()?.profile ?? null
  const hidden = profile?.hidePresence === true
  const [exportOpen, setExportOpen] = useState(false)
  const importer = useImportExport()

  const togglePresence = async () => {
    if (!profile) return
    try {
      await setPresenceHidden(replica, profile.id, !hidden)
      toast.success(hidden ? 'Others can see you on walls again.' : 'You are now hidden on walls.')
    } catch (error) {
      toast.error(error instanceof Error ? error.message : messages.updateProfileFailed)
    }
  }

  const signOut = async (force: boolean) => {
    setSigningOut(true)
    try {
      const result = await actions.signOut({ force })
      if (!result.ok) {
        setUnpushed(result.unpushed)
        return
      }
      setUnpushed(null)
      void navigate('/', { replace: true })
    } finally {
      setSigningOut(false)
    }
  }

  const deleteAccount = async () => {
    setDeleting(true)
    const result = await actions.deleteAccount()
    if (!result.ok) {
      setDeleting(false)
      toast.error(result.message)
      return
    }
    toast.success('Your account has been deleted.')
    void navigate('/', { replace: true })
  }

  return (
    <>
      <Menu
        label="Account menu"
        trigger={<Icon name="more" size={22} />}
        actions={[
          ...(profile
            ? [
                {
                  label: hidden ? 'Show me on walls' : 'Hide me on walls',
                  onSelect: () => void togglePresence(),
                },
              ]
            : []),
          ...(profile
            ? [
                { label: 'Download my data', onSelect: () => setExportOpen(true) },
                { label: 'Import a Moori export', onSelect: importer.choose },
              ]
            : []),
          { label: 'Sign Out', onSelect: () => void signOut(false) },
          { label: 'Delete My Account', onSelect: () => setConfirmDelete(true), danger: true },
        ]}
      />
      {importer.importing && (
        <span className={styles.signingOut} role="status">
          Importing...
        </span>
      )}
      {profile && <ExportDialog open={exportOpen} username={profile.username} onClose={() => setExportOpen(false)} />}
      {signingOut && unpushed === null && (
        <span className={styles.signingOut} role="status">
          Signing out...
        </span>
      )}
      <ConfirmDialog
        open={unpushed !== null}
        title="Some changes are not saved yet"
        message={unpushedText(unpushed ?? 0)}
        confirmLabel="Sign out anyway"
        busyLabel="Signing out..."
        busy={signingOut}
        danger
        onConfirm={() => void signOut(true)}
        onCancel={() => setUnpushed(null)}
      />
      <ConfirmDialog
        open={confirmDelete}
        title="Delete your account?"
        message="This permanently deletes your profile, your Mooris, your polaroids and stickers, and your wardrobe. This cannot be undone."
        confirmLabel="Yes, Delete"
        busyLabel="Deleting..."
        busy={deleting}
        danger
        onConfirm={() => void deleteAccount()}
        onCancel={() => setConfirmDelete(false)}
      />
    </>
  )
}
