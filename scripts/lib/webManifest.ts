// The web app manifest: what Chrome needs to offer installation (name, icons 192/512/maskable,
// standalone display, start URL), plus screenshots for the richer install sheet, the 'Create Moori'
// shortcut, and a share target so photos shared from the phone's gallery land in Moori.
import type { ManifestOptions } from 'vite-plugin-pwa'
import { SHARE_FILES_FIELD, SHARE_TARGET_ACTION } from '../../src/lib/shareTarget.ts'

export const webManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Moori',
  short_name: 'Moori',
  description: 'Shared walls of polaroids and cut-out clothing stickers, online or offline.',
  lang: 'en',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: '#f4ede1',
  background_color: '#f4ede1',
  categories: ['lifestyle', 'social', 'photo'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  screenshots: [
    { src: '/screenshots/wall-wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'A Moori wall of polaroids and stickers' },
    { src: '/screenshots/discover-narrow.png', sizes: '750x1334', type: 'image/png', form_factor: 'narrow', label: 'Discover outfits from every Moori' },
  ],
  share_target: {
    action: SHARE_TARGET_ACTION,
    method: 'POST',
    enctype: 'multipart/form-data',
    params: { title: 'title', text: 'text', files: [{ name: SHARE_FILES_FIELD, accept: ['image/*'] }] },
  },
  shortcuts: [{ name: 'Create Moori', short_name: 'Create', url: '/create-wall', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] }],
}
