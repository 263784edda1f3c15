// Prices of wardrobe items (issue 41): an amount in the currency's major unit with its ISO 4217 code.
// A new price takes the currency of the user's locale; Intl formats it as that locale writes money.
// Intl has no locale → currency table, so the common regions are listed here (the euro area at once).

/** The largest amount the server keeps (`item_prices_amount_sane`), exclusive. */
const PRICE_LIMIT = 1_000_000_000

const EURO_AREA = ['AT', 'BE', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PT', 'SI', 'SK']

const CURRENCY_OF_REGION: Record<string, string> = {
  ...Object.fromEntries(EURO_AREA.map((region) => [region, 'EUR'])),
  US: 'USD', GB: 'GBP', JP: 'JPY', CN: 'CNY', KR: 'KRW', IN: 'INR', CA: 'CAD', AU: 'AUD', NZ: 'NZD',
  CH: 'CHF', SE: 'SEK', NO: 'NOK', DK: 'DKK', PL: 'PLN', CZ: 'CZK', HU: 'HUF', RO: 'RON', BG: 'BGN',
  TR: 'TRY', BR: 'BRL', MX: 'MXN', AR: 'ARS', CL: 'CLP', CO: 'COP', ZA: 'ZAR', NG: 'NGN', EG: 'EGP',
  SA: 'SAR', AE: 'AED', IL: 'ILS', SG: 'SGD', HK: 'HKD', TW: 'TWD', TH: 'THB', ID: 'IDR', MY: 'MYR',
  PH: 'PHP', VN: 'VND', UA: 'UAH', IS: 'ISK',
}

/** The currency of a locale's region (`de-AT` → EUR, `en` → USD as its likeliest region); USD when unknown. */
export function currencyForLocale(locale: string): string {
  try {
    const region = new Intl.Locale(locale).maximize().region
    return (region && CURRENCY_OF_REGION[region]) ?? 'USD'
  } catch {
    return 'USD'
  }
}

/** An ISO 4217-like code: three upper-case letters, as the server insists. */
export function isCurrencyCode(value: string): boolean {
  return /^[A-Z]{3}$/.test(value)
}

/** An amount the server keeps: finite, from 0 and under the limit, at most three decimals. */
export function isPriceAmount(value: number): boolean {
  return Number.isFinite(value) && value >= 0 && value < PRICE_LIMIT && Math.abs(Math.round(value * 1000) - value * 1000) < 1e-6
}

/** `12.5, 'EUR', 'de-DE'` → `12,50 €`. Falls back to the code when Intl does not know it. */
export function formatMoney(amount: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount)
  } catch {
    return `${amount.toFixed(2)} ${currency}`
  }
}
