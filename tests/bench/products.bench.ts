// The Products area with 500 items (issue 12), in Chromium against a fresh build and stack:
// - opening the owner's profile: when the profile heading is painted, when the first product card is,
//   and when every card image on screen is; first visit (the replica fills from the server) and a
//   reload (the replica has it all), side by side in one run;
// - typing into the product search, key by key: each keystroke's duration as the browser's Event Timing
//   reports it (input delay + handlers + the next paint), and main-thread long tasks while typing,
//   against the same keystrokes in the profile's 'Search Mooris' box (a list of a few walls) on the same
//   page. Median of 3 runs each; 4× CPU throttling as on a mid-range phone.
import { chromium, type Page } from 'playwright'
import sharp from 'sharp'
import { buildApp } from '../../scripts/lib/buildApp'
import { startLocalStack } from '../../supabase/local/server'
import { testConfig } from '../../supabase/local/config'
import { makeClient } from '../support/stack'
import { benchUser, median, newId } from './dragKit'
import { round, type Bench, type BenchTable } from './types'

const APP_DIR = 'dist-bench-products'
const ITEMS = 500
const REPS = 3
const CPU_THROTTLE = 4
const TYPED = 'navy linen'
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const chromeFlags = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
const colors = ['Navy', 'White', 'Black', 'Beige', 'Olive', 'Burgundy', 'Gray', 'Pink']
const categories = ['top', 'bottom', 'dress', 'outerwear', 'footwear', 'accessory']
const names = ['Linen shirt', 'Denim jacket', 'Wool coat', 'Slip dress', 'Chinos', 'Sneakers', 'Knit scarf', 'Tee']

async function seedWardrobe(url: string, serviceKey: string, userId: string): Promise<void> {
  const admin = makeClient(url, serviceKey)
  const paths: string[] = []
  for (let i = 0; i < 24; i++) {
    const jpeg = await sharp({ create: { width: 480, height: 480, channels: 3, background: { r: (i * 53) % 255, g: (i * 97) % 255, b: (i * 151) % 255 } } })
      .jpeg({ quality: 70 })
      .toBuffer()
    const path = `${userId}/wardrobe/bench-${i}.jpg`
    const { error } = await admin.storage.from('wardrobe-images').upload(path, jpeg, { contentType: 'image/jpeg', upsert: true })
    if (error) throw error
    paths.push(`wardrobe-images/${path}`)
  }
  const items = Array.from({ length: ITEMS }, (_, i) => ({
    id: newId(),
    user_id: userId,
    image_path: paths[i % paths.length],
    name: `${names[i % names.length]} ${i}`,
    description: i % 3 === 0 ? 'Bought at the Sunday market' : null,
    is_public: i % 2 === 0,
    created_at: new Date(Date.now() - i * 60_000).toISOString(),
  }))
  for (let i = 0; i < items.length; i += 100) {
    const { error } = await admin.from('wardrobe_items').insert(items.slice(i, i + 100))
    if (error) throw error
  }
  const tags = items.flatMap((item, i) => [
    { id: newId(), wardrobe_item_id: item.id, tag_type: 'category', tag_value: categories[i % categories.length], confidence_score: 0.8, is_ai_generated: true, is_verified: false },
    { id: newId(), wardrobe_item_id: item.id, tag_type: 'color', tag_value: colors[i % colors.length], confidence_score: 0.7, is_ai_generated: true, is_verified: false },
    { id: newId(), wardrobe_item_id: item.id, tag_type: 'season', tag_value: i % 2 ? 'Summer' : 'Winter', confidence_score: 1, is_ai_generated: false, is_verified: true },
    { id: newId(), wardrobe_item_id: item.id, tag_type: 'style', tag_value: i % 4 ? 'Casual' : 'OOTD Extracted', confidence_score: 1, is_ai_generated: false, is_verified: true },
  ])
  for (let i = 0; i < tags.length; i += 250) {
    const { error } = await admin.from('clothing_tags').insert(tags.slice(i, i + 250))
    if (error) throw error
  }
}

/** Paint times (ms since navigation) of the profile heading, the first product card, and all card images on screen. */
const OPEN_TIMES = `() => new Promise((resolve) => {
  const times = { heading: 0, firstCard: 0, imagesOnScreen: 0 }
  const painted = (key) => requestAnimationFrame(() => requestAnimationFrame(() => { if (!times[key]) times[key] = performance.now() }))
  const check = () => {
    if (!times.heading && document.querySelector('main h1')) painted('heading')
    const cards = document.querySelectorAll('[data-testid="product-card"]')
    if (!times.firstCard && cards.length > 0) painted('firstCard')
    const imgs = [...document.querySelectorAll('[data-testid="product-card"] img')].filter((img) => {
      const r = img.getBoundingClientRect()
      return r.bottom > 0 && r.top < innerHeight
    })
    if (!times.imagesOnScreen && imgs.length > 0 && imgs.every((img) => img.complete && img.naturalWidth > 0)) painted('imagesOnScreen')
    if (times.heading && times.firstCard && times.imagesOnScreen) resolve(times)
    else requestAnimationFrame(check)
  }
  check()
})`

interface OpenTimes {
  heading: number
  firstCard: number
  imagesOnScreen: number
}

async function openTimes(page: Page, url: string): Promise<OpenTimes> {
  await page.goto(url, { waitUntil: 'commit' })
  return page.evaluate<OpenTimes>(`(${OPEN_TIMES})()`)
}

interface TypingFigures {
  keystrokeMs: number[]
  longTasks: number
  longTaskMs: number
}

/** Types into a search box key by key and returns each keystroke's Event Timing duration. */
async function typing(page: Page, label: string): Promise<TypingFigures> {
  const box = page.getByLabel(label, { exact: true })
  await box.fill('')
  await box.focus()
  await page.evaluate(() => {
    const w = window as unknown as { __typing: { events: Map<number, number>; longTasks: number[] } }
    w.__typing = { events: new Map(), longTasks: [] }
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { interactionId?: number }>) {
        const id = entry.interactionId
        if (id) w.__typing.events.set(id, Math.max(w.__typing.events.get(id) ?? 0, entry.duration))
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit)
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__typing.longTasks.push(entry.duration)
    }).observe({ type: 'longtask' })
  })
  for (const key of TYPED) {
    await page.keyboard.press(key === ' ' ? 'Space' : key)
    await page.waitForTimeout(120)
  }
  await page.waitForTimeout(500)
  const result = await page.evaluate(() => {
    const w = window as unknown as { __typing: { events: Map<number, number>; longTasks: number[] } }
    return { durations: [...w.__typing.events.values()], longTasks: w.__typing.longTasks }
  })
  // Keystrokes faster than 16 ms are not reported at all: they count as 16.
  const keystrokeMs = [...result.durations, ...Array<number>(Math.max(0, TYPED.length - result.durations.length)).fill(16)]
  return { keystrokeMs, longTasks: result.longTasks.length, longTaskMs: result.longTasks.reduce((a, b) => a + b, 0) }
}

export const bench: Bench = {
  name: 'products',
  async run(): Promise<BenchTable[]> {
    await buildApp({ quiet: true, outDir: APP_DIR })
    const stack = await startLocalStack(testConfig({ appDir: APP_DIR, siteUrl: 'http://localhost:0', autoConfirm: true }))
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromeFlags })
    try {
      const appUrl = stack.url.replace('127.0.0.1', 'localhost')
      const user = await benchUser(stack.url, stack.anonKey, stack.serviceRoleKey)
      await seedWardrobe(stack.url, stack.serviceRoleKey, user.id)
      const { data } = await user.client.from('profiles').select('username').eq('id', user.id).single()
      const profileUrl = `${appUrl}/${(data as { username: string }).username}`

      const cold: OpenTimes[] = []
      const warm: typeof cold = []
      const products: TypingFigures[] = []
      const walls: TypingFigures[] = []
      for (let rep = 0; rep < REPS; rep++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true })
        await context.addInitScript(
          ([key, value]) => {
            if (!localStorage.getItem(key)) localStorage.setItem(key, value)
          },
          ['sb-localhost-auth-token', JSON.stringify(user.session)] as const,
        )
        const page = await context.newPage()
        cold.push(await openTimes(page, profileUrl))
        await page.waitForTimeout(1500)
        warm.push(await openTimes(page, profileUrl))
        const cdp = await context.newCDPSession(page)
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE })
        products.push(await typing(page, 'Search products'))
        walls.push(await typing(page, 'Search Mooris'))
        await context.close()
      }
      const row = (visit: string, list: typeof cold) => ({
        visit,
        heading_ms: round(median(list.map((t) => t.heading)), 0),
        first_card_ms: round(median(list.map((t) => t.firstCard)), 0),
        card_images_on_screen_ms: round(median(list.map((t) => t.imagesOnScreen)), 0),
      })
      const typingRow = (box: string, runs: TypingFigures[]) => {
        const all = runs.flatMap((r) => r.keystrokeMs).sort((a, b) => a - b)
        return {
          search_box: box,
          keystroke_median_ms: round(median(all), 0),
          keystroke_p95_ms: round(all[Math.floor(0.95 * (all.length - 1))] ?? NaN, 0),
          long_tasks_per_run: round(median(runs.map((r) => r.longTasks)), 1),
          long_task_ms_per_run: round(median(runs.map((r) => r.longTaskMs)), 0),
        }
      }
      return [
        {
          title: `Opening a profile with ${ITEMS} products (1280×900, ms from navigation, median of ${REPS})`,
          rows: [row('first visit (replica empty)', cold), row('reload (replica filled)', warm)],
        },
        {
          title: `Typing "${TYPED}" into a search box, ${CPU_THROTTLE}× CPU throttling (Event Timing per keystroke; ${REPS} runs)`,
          rows: [typingRow(`Search products (${ITEMS} items)`, products), typingRow('Search Mooris (baseline: a few walls)', walls)],
        },
      ]
    } finally {
      await browser.close()
      await stack.close()
    }
  },
}
