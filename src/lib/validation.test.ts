import { describe, expect, it } from 'vitest'
import { usernameError } from './validation'
import { messages } from './messages'

describe('usernameError', () => {
  it('accepts names with dots, dashes and underscores', () => {
    expect(usernameError('milo.reyes')).toBeNull()
    expect(usernameError('  sol_h  ')).toBeNull()
  })

  it('asks for a name and explains the format', () => {
    expect(usernameError('   ')).toBe(messages.usernameRequired)
    expect(usernameError('a')).toBe(messages.usernameFormat)
    expect(usernameError('has space')).toBe(messages.usernameFormat)
  })

  it("refuses the app's own routes, whatever their case, as the database does", () => {
    for (const name of ['Share', 'share-target', 'CREATE-WALL', 'inbox']) expect(usernameError(name)).toBe(messages.usernameTaken)
  })
})
