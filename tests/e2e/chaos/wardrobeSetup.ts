// The wardrobes the chaos run acts on, put in place with the service role before it starts (the actions
// themselves go through the UI): each person gets items, some public, each with AI tags to verify, edit
// or remove (unique values, so the verdict can tell one tag from another) and a cut-out in its owner's
// folder, so sticking it on a wall needs no background removal.
import { admin } from '../support/stack'
import type { E2EUser } from '../support/users'
import { cutOutPng } from '../support/wardrobe'
import { seedWardrobe } from '../wardrobe/wardrobeSeed'

export interface ChaosItem {
  id: string
  name: string
  ownerId: string
}

export async function seedChaosWardrobe(owner: E2EUser, prefix: string, count: number): Promise<ChaosItem[]> {
  const seeded = await seedWardrobe(
    owner,
    Array.from({ length: count }, (_, i) => ({
      name: `${prefix}-i${i + 1}`,
      isPublic: i % 2 === 0,
      hue: (i * 61) % 360,
      tags: [
        { type: 'category' as const, value: `${prefix}-cat${i + 1}`, ai: 0.9 },
        { type: 'color' as const, value: `${prefix}-col${i + 1}`, ai: 0.7 },
        { type: 'style' as const, value: `${prefix}-sty${i + 1}`, ai: 0.5 },
      ],
    })),
  )
  for (const [index, item] of seeded.entries()) {
    const path = `${owner.id}/cutouts/${item.id}.png`
    const stored = await admin.storage.from('wardrobe-stickers').upload(path, await cutOutPng((index * 61) % 360), { contentType: 'image/png' })
    if (stored.error) throw stored.error
    const updated = await admin.from('wardrobe_items').update({ cutout_path: `wardrobe-stickers/${path}` }).eq('id', item.id)
    if (updated.error) throw updated.error
  }
  return seeded.map((item) => ({ id: item.id, name: item.name, ownerId: owner.id }))
}
