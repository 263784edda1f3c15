// The replica the screens work on, provided by the app shell for the signed-in user (or the guest).
import { createContext, useContext } from 'react'
import type { Replica } from './replica'

export const ReplicaContext = createContext<Replica | null>(null)

export function useReplica(): Replica {
  const replica = useContext(ReplicaContext)
  if (!replica) throw new Error('useReplica() needs a <ReplicaContext.Provider> above it')
  return replica
}
