// Sharing photos to the installed app the way Chrome delivers a Web Share Target share: a multipart POST
// navigation to /share-target with the files in `photos`, which the service worker keeps for /share.
import type { Page } from '@playwright/test'

export interface SharedFile {
  name: string
  bytes: Buffer
}

/** Several photos shared from the phone's gallery at once (the share target takes many). */
export async function sharePhotos(page: Page, files: SharedFile[]): Promise<void> {
  await page.evaluate(
    (shared) => {
      const form = document.createElement('form')
      form.method = 'post'
      form.enctype = 'multipart/form-data'
      form.action = '/share-target'
      const input = document.createElement('input')
      input.type = 'file'
      input.name = 'photos'
      const transfer = new DataTransfer()
      for (const { name, base64 } of shared) {
        const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
        transfer.items.add(new File([data], name, { type: 'image/jpeg' }))
      }
      input.files = transfer.files
      form.append(input)
      document.body.append(form)
      form.submit()
    },
    files.map((f) => ({ name: f.name, base64: f.bytes.toString('base64') })),
  )
  await page.waitForURL('**/share')
}

export function shareFromGallery(page: Page, name: string, bytes: Buffer): Promise<void> {
  return sharePhotos(page, [{ name, bytes }])
}
