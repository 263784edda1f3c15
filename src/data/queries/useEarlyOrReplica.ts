// What a screen shows before the replica has answered for it: an early answer (src/data/early: the boot
// script's read of the server on a first visit) stands in until the replica answers, and from then on
// the replica's answer is shown and the early one let go. One hook for every screen, so the rule is the
// same everywhere and a new kind of early answer is one more slot. No Dexie here: home and the account
// use it on the first screen's path.
import { useEffect, useState } from 'react'
import { keyText, type EarlyKey, type EarlySlot } from '../early/earlySlot'

/** What the replica makes of the screen now. */
export interface ReplicaAnswer<View> {
  /** The screen as the replica's answer shows it (its loading view while it has none). */
  view: View
  /** The replica has answered for the key: its view is shown, never the early answer again. */
  answered: boolean
  /** The replica holds everything the early answer stood in for (its scope is pulled): the slot lets
   * the early answer go, for every hook that reads it. `answered` when not given. */
  tookOver?: boolean
}

/**
 * The replica's view once it has answered for `key`, else the early answer as `standIn` shows it (null:
 * this early answer cannot stand in, e.g. the viewer's own page), else the replica's view. `key` null:
 * there is no early answer (a guest's own profile).
 */
export function useEarlyOrReplica<Key extends EarlyKey, Early, View>(
  slot: EarlySlot<Key, Early>,
  key: Key | null,
  replica: ReplicaAnswer<View>,
  standIn: (early: Early) => View | null,
): View {
  const early = useEarlyAnswer(slot, key)
  const tookOver = replica.tookOver ?? replica.answered
  const text = key && keyText(key)
  useEffect(() => {
    if (tookOver && key) slot.release(key)
    // `text` is the key's identity; the key object is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tookOver, slot, text])
  const shown = !replica.answered && early !== undefined ? standIn(early) : null
  return shown ?? replica.view
}

/** `key`'s early answer: what the slot holds when the screen mounts, and whatever comes later. */
function useEarlyAnswer<Key extends EarlyKey, Early>(slot: EarlySlot<Key, Early>, key: Key | null): Early | undefined {
  const text = key && keyText(key)
  const [arrived, setArrived] = useState(() => ({ text, value: key ? slot.get(key) : undefined }))
  useEffect(() => {
    if (!key) return
    // The answer that is in already comes at once: the same one leaves the state (and the screen) alone.
    return slot.subscribe(key, (value) => setArrived((last) => (last.text === text && last.value === value ? last : { text, value })))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slot, text])
  if (!key) return undefined
  // A new key (another wall, another account) never shows the last key's answer.
  return arrived.text === text ? arrived.value : slot.get(key)
}
