import { describe, expect, it } from 'vitest'
import { matchRoutes } from 'react-router-dom'
import { ROUTES, SCREEN_CHUNKS, profileUsernameOfPath, routeForPath, screensForPath, type ScreenName } from './screenChunks'

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

describe('profileUsernameOfPath', () => {
  it('names the person of a profile route, and no one on any other path', () => {
    expect(profileUsernameOfPath('/Ana_B')).toBe('Ana_B')
    expect(profileUsernameOfPath('/profile/ana.b/')).toBe('ana.b')
    expect(profileUsernameOfPath('/ana%2Db')).toBe('ana-b')
    for (const path of ['/', '/create-wall', '/share', '/wall/abc', '/a/b', '/%E0%A4%A']) expect(profileUsernameOfPath(path)).toBeNull()
  })
})

describe('the route table', () => {
  // react-router ranks routes by specificity; the boot matcher takes the first match in table order.
  // Every route's path, with parameters that look like fixed segments too, must land on the same
  // route both ways, or the boot script would fetch one screen's code and the router render another.
  const routerRoutes = [...ROUTES.map((route) => ({ path: route.path })), { path: '*' }]
  const values = ['abc', 'wall', 'share', 'profile', 'submit', 'polaroid', 'create-wall', 'setup-profile']
  const pathsOf = (pattern: string): string[] =>
    pattern
      .split('/')
      .reduce<string[]>(
        (paths, segment) =>
          segment.startsWith(':') ? paths.flatMap((p) => values.map((v) => `${p}/${v}`)) : paths.map((p) => (segment ? `${p}/${segment}` : p)),
        [''],
      )
      .map((path) => path || '/')

  it('matches every path to the same route as react-router does', () => {
    const paths = [...ROUTES.flatMap((route) => pathsOf(route.path)), '/a/b/c/d', '/profile', '/wall/a/b']
    for (const path of paths) {
      const router = matchRoutes(routerRoutes, path)?.[0]?.route.path
      const boot = routeForPath(path)?.path ?? '*'
      expect(boot, path).toBe(router)
    }
  })

  it('gives every screen whose code it names a route', () => {
    const routed = new Set(ROUTES.flatMap((route) => route.screens))
    expect(Object.keys(SCREEN_CHUNKS).filter((name) => !routed.has(name as ScreenName))).toEqual([])
  })
})
