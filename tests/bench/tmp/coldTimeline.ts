// temporary: where an offline cold open of the 200-card wall spends its time (not committed)
import { chromium } from 'playwright'
import { buildApp } from '../../../scripts/lib/buildApp'
import { startLocalStack } from '../../../supabase/local/server'
import { testConfig } from '../../../supabase/local/config'
import { benchUser, cardImages, seedWall } from '../dragKit'

const APP_DIR = 'dist-cold-tl'
const throttle = Number(process.env.T ?? 1)
if (process.env.REUSE !== '1') await buildApp({ outDir: APP_DIR, quiet: true })
const stack = await startLocalStack(testConfig({ appDir: APP_DIR, host: '127.0.0.1' }))
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] })
try {
  const user = await benchUser(stack.url, stack.anonKey, stack.serviceRoleKey)
  const wallId = await seedWall(user, 200, await cardImages(200))
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true })
  await context.addInitScript(([key, value]) => { if (!localStorage.getItem(key)) localStorage.setItem(key, value) }, ['sb-127-auth-token', JSON.stringify(user.session)] as const)
  const url = `${stack.url}/wall/${wallId}`
  const first = await context.newPage()
  await first.goto(url)
  await first.evaluate(async () => { await navigator.serviceWorker.ready; if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true })) })
  await first.reload()
  await first.locator('[data-canvas-item] img').first().waitFor()
  await first.waitForTimeout(3000)
  await first.close()
  await context.setOffline(true)
  for (let i = 0; i < 3; i++) {
    const page = await context.newPage()
    if (throttle > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: throttle })
    await page.goto(url)
    await page.waitForFunction(() => { const imgs = [...document.querySelectorAll('[data-canvas-item] img')] as HTMLImageElement[]; return imgs.length > 0 && imgs.every((i) => i.complete && i.naturalWidth > 0) }, null, { timeout: 60000 })
    await page.waitForTimeout(300)
    const out = await page.evaluate(() => {
      const rows: Array<[number, string]> = []
      for (const m of performance.getEntriesByType('mark')) rows.push([m.startTime, 'mark ' + m.name])
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
      rows.push([nav.responseEnd, 'nav responseEnd'], [nav.domContentLoadedEventEnd, 'DCL'], [nav.loadEventEnd, 'load'])
      for (const r of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
        const name = r.name.split('/').pop()!.slice(0, 40)
        if (r.initiatorType === 'img' || name.includes('.webp') || name.includes('.jpg')) continue
        rows.push([r.responseEnd, `res ${r.initiatorType} ${name} start ${r.startTime.toFixed(0)} (${r.responseEnd - r.startTime | 0} ms)`])
      }
      const imgs = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => r.initiatorType === 'img')
      if (imgs.length) rows.push([Math.min(...imgs.map((r) => r.startTime)), `first img request (${imgs.length} imgs)`], [Math.max(...imgs.map((r) => r.responseEnd)), 'last img response'])
      for (const p of performance.getEntriesByType('paint')) rows.push([p.startTime, p.name])
      return rows.sort((a, b) => a[0] - b[0]).map(([t, s]) => `${t.toFixed(0).padStart(6)} ${s}`).join('\n')
    })
    console.log(`--- run ${i + 1} (×${throttle})\n${out}`)
    await page.close()
  }
} finally {
  await browser.close()
  await stack.close()
}
process.exit(0)
