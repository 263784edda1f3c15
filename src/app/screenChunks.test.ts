import { describe, expect, it } from 'vitest'
import { screensForPath } from './screenChunks'

describe('screensForPath', () => {
  it('names the screens each route shows', () => {
    expect(screensForPath('/')).toEqual(['HomeScreen'])
    expect(screensForPath('/wall/abc')).toEqual(['WallScreen'])
    expect(screensForPath('/wall/abc/')).toEqual(['WallScreen'])
    expect(screensForPath('/wall/abc/submit')).toEqual(['SubmitScreen'])
    expect(screensForPath('/wall/abc/polaroid/p1')).toEqual(['WallScreen', 'PolaroidScreen'])
    expect(screensForPath('/profile/ana')).toEqual(['ProfileScreen'])
    expect(screensForPath('/create-wall')).toEqual(['CreateWallScreen'])
  })

  it('prefers fixed paths over a username', () => {
    expect(screensForPath('/share')).toEqual(['ShareScreen'])
    expect(screensForPath('/setup-profile')).toEqual(['SetupProfileScreen'])
    expect(screensForPath('/ana')).toEqual(['ProfileScreen'])
  })

  it('knows nothing of paths no route has', () => {
    expect(screensForPath('/wall')).toEqual(['WallScreen']) // the wall screen says "not found" itself
    expect(screensForPath('/a/b/c/d')).toEqual([])
  })
})
