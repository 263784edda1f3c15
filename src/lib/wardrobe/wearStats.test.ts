import { describe, expect, it } from 'vitest'
import { daysOfMonth, byDayInMonth } from './wearCalendar'
import { addDays, daysBetween, isDay, localDay } from './wearDays'
import { currencyForLocale, formatMoney, isCurrencyCode, isPriceAmount } from './money'
import { costPerWear, notWornInDays, sortByWear, statsOf, wearStatsByItem } from './wearStats'

const wears = [
  { itemId: 'a', wornOn: '2026-03-01' },
  { itemId: 'b', wornOn: '2026-03-02' },
  { itemId: 'a', wornOn: '2026-03-09' },
  { itemId: 'a', wornOn: '2026-02-27' },
]

const wardrobe = [{ id: 'a' }, { id: 'b' }, { id: 'never' }]

describe('wear stats', () => {
  const stats = wearStatsByItem(wears, wardrobe)

  it('count wears and find the last day per item', () => {
    expect(statsOf(stats, 'a')).toEqual({ count: 3, lastWorn: '2026-03-09' })
    expect(statsOf(stats, 'b')).toEqual({ count: 1, lastWorn: '2026-03-02' })
    expect(statsOf(stats, 'never')).toEqual({ count: 0, lastWorn: null })
  })

  it('leave out the wears of items no longer in the wardrobe (deleted, their tombstones not pulled yet)', () => {
    const withGone = [...wears, { itemId: 'gone', wornOn: '2026-03-10' }, { itemId: 'gone', wornOn: '2026-03-11' }]
    const counted = wearStatsByItem(withGone, wardrobe)
    expect(counted.has('gone')).toBe(false)
    expect(statsOf(counted, 'gone')).toEqual({ count: 0, lastWorn: null })
    expect(statsOf(counted, 'a')).toEqual({ count: 3, lastWorn: '2026-03-09' })
    expect(wearStatsByItem(withGone, []).size).toBe(0)
    // A gone item's price is never looked up: only the wardrobe's items are sorted and priced.
    const prices = new Map([
      ['gone', { amount: 1, currency: 'EUR' }],
      ['a', { amount: 60, currency: 'EUR' }],
    ])
    expect(sortByWear(wardrobe, 'costPerWear', counted, prices).map((i) => i.id)).toEqual(['a', 'b', 'never'])
  })

  it('divide the price by the wears; an unworn item costs its whole price; no price, no figure', () => {
    expect(costPerWear({ amount: 90, currency: 'EUR' }, 3)).toEqual({ amount: 30, currency: 'EUR' })
    expect(costPerWear({ amount: 90, currency: 'EUR' }, 0)).toEqual({ amount: 90, currency: 'EUR' })
    expect(costPerWear({ amount: null, currency: null }, 3)).toBeNull()
    expect(costPerWear(undefined, 3)).toBeNull()
  })

  it('tell an item rested N days from its last wear, or from the day it was added when never worn', () => {
    expect(notWornInDays(statsOf(stats, 'a'), '2025-01-01', '2026-06-07', 90)).toBe(true)
    expect(notWornInDays(statsOf(stats, 'a'), '2025-01-01', '2026-06-06', 90)).toBe(false)
    expect(notWornInDays(statsOf(stats, 'never'), '2026-06-01', '2026-06-07', 90)).toBe(false)
    expect(notWornInDays(statsOf(stats, 'never'), '2026-01-01', '2026-06-07', 90)).toBe(true)
  })

  it('sort by most and least worn and by cost per wear, unpriced last, ties in the given order', () => {
    const items = [{ id: 'never' }, { id: 'b' }, { id: 'a' }, { id: 'c' }]
    expect(sortByWear(items, 'mostWorn', stats).map((i) => i.id)).toEqual(['a', 'b', 'never', 'c'])
    expect(sortByWear(items, 'leastWorn', stats).map((i) => i.id)).toEqual(['never', 'c', 'b', 'a'])
    const prices = new Map([
      ['a', { amount: 60, currency: 'EUR' }],
      ['b', { amount: 25, currency: 'EUR' }],
      ['never', { amount: 15, currency: 'EUR' }],
    ])
    expect(sortByWear(items, 'costPerWear', stats, prices).map((i) => i.id)).toEqual(['never', 'a', 'b', 'c'])
  })
})

describe('days', () => {
  it('are local calendar days with plain arithmetic across months and years', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29')
    expect(daysBetween('2026-03-29', '2026-03-30')).toBe(1)
    expect(isDay('2026-02-29')).toBe(false)
    expect(isDay('2026-2-1')).toBe(false)
    expect(isDay('2024-02-29')).toBe(true)
  })

  it('make a month of the calendar and group its wears by day', () => {
    expect(daysOfMonth('2026-02')).toHaveLength(28)
    expect(daysOfMonth('2024-02').at(-1)).toBe('2024-02-29')
    const march = byDayInMonth(wears, '2026-03', (w) => w.wornOn)
    expect([...march.keys()]).toEqual(['2026-03-01', '2026-03-02', '2026-03-09'])
  })
})

describe('money', () => {
  it('take the locale’s currency, USD when the region is unknown', () => {
    expect(currencyForLocale('de-AT')).toBe('EUR')
    expect(currencyForLocale('en-GB')).toBe('GBP')
    expect(currencyForLocale('ja')).toBe('JPY')
    expect(currencyForLocale('en')).toBe('USD')
    expect(currencyForLocale('not a locale!')).toBe('USD')
  })

  it('format as the locale writes money, and check what the server keeps', () => {
    expect(formatMoney(12.5, 'EUR', 'de-DE')).toBe('12,50\u00a0€')
    expect(formatMoney(1200, 'JPY', 'ja-JP')).toMatch(/1,200/)
    expect(formatMoney(3, 'USD', 'en-US')).toBe('$3.00')
    expect([0, 12.345, 999_999_999].every(isPriceAmount)).toBe(true)
    expect([-0.01, 1e9, 1.2345, Number.POSITIVE_INFINITY].some(isPriceAmount)).toBe(false)
    expect(isCurrencyCode('EUR') && !isCurrencyCode('eur')).toBe(true)
  })
})
