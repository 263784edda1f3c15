// Generates the app icons (192, 512, maskable 512, Apple touch 180) from one SVG at build time and
// serves them in dev, so no generated image is ever committed. The source is full-bleed with the
// artwork inside the maskable safe zone, so one drawing serves every shape.
import { readFile } from 'node:fs/promises'
import sharp from 'sharp'
import type { Plugin } from 'vite'

const iconFiles = [
  { file: 'icons/icon-192.png', size: 192 },
  { file: 'icons/icon-512.png', size: 512 },
  { file: 'icons/icon-maskable-512.png', size: 512 },
  { file: 'icons/apple-touch-icon.png', size: 180 },
] as const

async function render(source: string, size: number): Promise<Buffer> {
  return sharp(await readFile(source), { density: 300 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer()
}

export function pwaIcons(source: string): Plugin {
  return {
    name: 'moori-pwa-icons',
    async generateBundle() {
      for (const icon of iconFiles) {
        this.emitFile({ type: 'asset', fileName: icon.file, source: await render(source, icon.size) })
      }
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const icon = iconFiles.find((i) => req.url === `/${i.file}`)
        if (!icon) return next()
        void render(source, icon.size).then((png) => {
          res.setHeader('Content-Type', 'image/png')
          res.end(png)
        }, next)
      })
    },
  }
}
