// The replica the screens work on, provided by the app shell for the signed-in user (or the guest).
// It comes in two steps: its base (who, the sync engine, images, the API and the database's name) at
// once, and the database itself once Dexie's code has loaded, which on a first visit is after the first
// screen. What the first screen renders reads the base and `useReplicaDb()` (null until then); anything
// else calls `useReplica()`, which suspends until the database is there.
import { createContext, use, useContext } from 'react'
import type { MooriDB } from './db'
import type { Replica } from './replica'

export interface ReplicaBase extends Omit<Replica, 'db'> {
  databaseName: string
  /** The whole replica; its database code starts loading on the first call. Always the same promise. */
  whenReady(): Promise<Replica>
}

export const ReplicaBaseContext = createContext<ReplicaBase | null>(null)
/** Null until the database has opened, where a base is given. */
export const ReplicaContext = createContext<Replica | null>(null)

export function useReplica(): Replica {
  const replica = useContext(ReplicaContext)
  const base = useContext(ReplicaBaseContext)
  if (replica) return replica
  if (base) return use(base.whenReady())
  throw new Error('useReplica() needs a <ReplicaContext.Provider> above it')
}

const bases = new WeakMap<Replica, ReplicaBase>()

/** A whole replica as a base (tests, and screens below one, give only the whole). */
function baseOf(replica: Replica): ReplicaBase {
  let base = bases.get(replica)
  if (!base) {
    const ready = Promise.resolve(replica)
    base = { ...replica, databaseName: replica.db.name, whenReady: () => ready }
    bases.set(replica, base)
  }
  return base
}

/** What is known before the database opens; never suspends. */
export function useReplicaBase(): ReplicaBase {
  const base = useContext(ReplicaBaseContext)
  const replica = useContext(ReplicaContext)
  if (base) return base
  if (replica) return baseOf(replica)
  throw new Error('useReplicaBase() needs a <ReplicaContext.Provider> above it')
}

/** The replica's database, or null while its code loads (the caller shows what the boot script read). */
export function useReplicaDb(): MooriDB | null {
  return useContext(ReplicaContext)?.db ?? null
}
