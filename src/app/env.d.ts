/** Set at build time from MOORI_BUILD_ID (see vite.config.ts). */
declare const __MOORI_BUILD__: string
