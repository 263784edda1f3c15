// Sharing a photo to the installed app the way Chrome delivers a Web Share Target share: a multipart POST
// navigation to /share-target with the file in `photos`, which the service worker keeps for /share.
import type { Page } from '@playwright/test'

export async function shareFromGallery(page: Page, name: string, bytes: Buffer): Promise<void> {
  await page.evaluate(
    ({ name, base64 }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      const form = document.createElement('form')
      form.method = 'post'
      form.enctype = 'multipart/form-data'
      form.action = '/share-target'
      const input = document.createElement('input')
      input.type = 'file'
      input.name = 'photos'
      const transfer = new DataTransfer()
      transfer.items.add(new File([data], name, { type: 'image/jpeg' }))
      input.files = transfer.files
      form.append(input)
      document.body.append(form)
      form.submit()
    },
    { name, base64: bytes.toString('base64') },
  )
  await page.waitForURL('**/share')
}
