// The people, walls and wardrobes of the demo data. Plain data, so the seed reads as a story.
import type { GarmentLook } from './images'

export const DEMO_PASSWORD = 'moori-demo-123'

export interface DemoUser {
  key: string
  email: string
  username: string
  displayName: string
  bio: string
  color: string
}

export const demoUsers: DemoUser[] = [
  {
    key: 'ada',
    email: 'ada@demo.moori.local',
    username: 'ada',
    displayName: 'Ada Okafor',
    bio: 'Thrift hunter, linen evangelist. Collecting looks for a summer of weddings.',
    color: '#c8553d',
  },
  {
    key: 'milo',
    email: 'milo@demo.moori.local',
    username: 'milo.reyes',
    displayName: 'Milo Reyes',
    bio: 'Streetwear and sneakers. Mostly sneakers.',
    color: '#2a6f97',
  },
  {
    key: 'june',
    email: 'june@demo.moori.local',
    username: 'junepark',
    displayName: 'June Park',
    bio: 'Soft colours, sharp tailoring. Moodboards for every season.',
    color: '#6a994e',
  },
  {
    key: 'sol',
    email: 'sol@demo.moori.local',
    username: 'sol_h',
    displayName: 'Sol Haddad',
    bio: 'Vintage markets every Sunday.',
    color: '#8e5572',
  },
]

interface DemoPolaroid {
  by: string
  name: string
  message: string
  look: GarmentLook
}

export interface DemoWall {
  owner: string
  name: string
  description: string | null
  private: boolean
  daysAgo: number
  polaroids: DemoPolaroid[]
  /** Stickers cut from the wardrobe of `by`, by item index. */
  stickers: Array<{ by: string; item: number }>
}

const look = (
  garment: GarmentLook['garment'],
  pattern: GarmentLook['pattern'],
  color: string,
  accent: string,
  background: string,
): GarmentLook => ({ garment, pattern, color, accent, background })

export const demoWalls: DemoWall[] = [
  {
    owner: 'ada',
    name: 'Wedding Guest Outfits',
    description: 'Three weddings, one budget. Help me choose!',
    private: false,
    daysAgo: 12,
    polaroids: [
      { by: 'ada', name: 'Sage slip dress', message: 'Garden ceremony in June. Too simple?', look: look('dress', 'plain', '#9cb89a', '#7d9c7b', '#f3ede2') },
      { by: 'june', name: 'Try this cut', message: 'Bias cut moves so well when you dance.', look: look('dress', 'dots', '#e9c6c0', '#fffaf3', '#eaf0ee') },
      { by: 'ada', name: 'Linen suit', message: 'For the beach one: breathable and sharp.', look: look('jacket', 'plain', '#e6d5b8', '#d4bf9a', '#e9eef2') },
      { by: 'sol', name: 'Vintage clutch', message: 'Found at the Sunday market, 1970s.', look: look('bag', 'checks', '#c89f6a', '#8c6239', '#f6efe6') },
      { by: 'ada', name: 'Wide-brim hat', message: 'Sun protection that looks like a plan.', look: look('hat', 'plain', '#e0c48f', '#c9a86a', '#f0e6f0') },
      { by: 'milo', name: 'Low-top in cream', message: 'Sneakers at a wedding? Hear me out.', look: look('sneaker', 'plain', '#f4efe6', '#d9d0c1', '#e4ecf4') },
    ],
    stickers: [{ by: 'ada', item: 0 }, { by: 'sol', item: 1 }],
  },
  {
    owner: 'milo',
    name: 'Labubu Fits',
    description: 'Outfits that match the tiny monster on my bag.',
    private: false,
    daysAgo: 8,
    polaroids: [
      { by: 'milo', name: 'Candy stripes', message: 'Pink and mint, straight from the blind box.', look: look('tee', 'stripes', '#f6c6d6', '#bfe6d8', '#fff4e8') },
      { by: 'milo', name: 'Cargo in lilac', message: 'Pockets for every collectible.', look: look('trousers', 'plain', '#c9b6e4', '#a891cc', '#eef3f0') },
      { by: 'june', name: 'Fuzzy bucket hat', message: 'It has ears. I rest my case.', look: look('hat', 'dots', '#f2d0a4', '#fff', '#e8eef6') },
      { by: 'milo', name: 'Chunky runners', message: 'Colourway: bubblegum.', look: look('sneaker', 'stripes', '#ffb3c7', '#ffffff', '#f3f0e8') },
      { by: 'sol', name: 'Mini crossbody', message: 'Exactly one monster fits inside.', look: look('bag', 'dots', '#9ad0ec', '#f9f3e3', '#f6ece6') },
    ],
    stickers: [{ by: 'milo', item: 0 }],
  },
  {
    owner: 'june',
    name: "25' Summer Drip",
    description: 'Heat-proof, beach-to-dinner looks for this summer.',
    private: false,
    daysAgo: 5,
    polaroids: [
      { by: 'june', name: 'Terracotta set', message: 'Matching shirt and skirt, linen blend.', look: look('skirt', 'plain', '#d77a61', '#c0624a', '#f5efe3') },
      { by: 'june', name: 'Breton tee', message: 'The only stripe that never goes out.', look: look('tee', 'stripes', '#fbfaf5', '#1f3b73', '#e9f0f3') },
      { by: 'ada', name: 'Raffia tote', message: 'Fits a towel and three peaches.', look: look('bag', 'checks', '#e7cf9f', '#caa86c', '#eef2e8') },
      { by: 'milo', name: 'Board shorts?', message: 'Trousers, but make them breezy.', look: look('trousers', 'checks', '#8ecae6', '#219ebc', '#f6f1e7') },
      { by: 'june', name: 'Lemon print', message: 'Sunday brunch uniform.', look: look('dress', 'dots', '#fff3b0', '#f4d35e', '#e7eef0') },
      { by: 'sol', name: 'Straw sun hat', message: 'A market find, barely worn.', look: look('hat', 'checks', '#ead2ac', '#c4a484', '#f1ebf4') },
      { by: 'june', name: 'White canvas', message: 'Goes with absolutely everything.', look: look('sneaker', 'plain', '#ffffff', '#e8e4dc', '#e6efe9') },
    ],
    stickers: [{ by: 'june', item: 0 }, { by: 'june', item: 1 }],
  },
  {
    owner: 'sol',
    name: 'Sunday Market Finds',
    description: null,
    private: false,
    daysAgo: 3,
    polaroids: [
      { by: 'sol', name: 'Corduroy jacket', message: 'Five euros. Five!', look: look('jacket', 'stripes', '#a0522d', '#8b4513', '#f4eee4') },
      { by: 'sol', name: 'Plaid skirt', message: 'Needs a hem, otherwise perfect.', look: look('skirt', 'checks', '#7f1d1d', '#2f3e46', '#edf1ee') },
      { by: 'ada', name: 'Silk scarf as a top', message: 'Tie it twice, wear it all summer.', look: look('tee', 'dots', '#f28482', '#f7ede2', '#eef0f6') },
    ],
    stickers: [],
  },
  {
    owner: 'june',
    name: 'Rainy Day Layers',
    description: 'What to wear when the forecast cannot decide.',
    private: false,
    daysAgo: 1,
    polaroids: [
      { by: 'june', name: 'Olive trench', message: 'Belted, never buttoned.', look: look('jacket', 'plain', '#6b705c', '#585b4c', '#eef1f3') },
      { by: 'ada', name: 'Knit in oat', message: 'Layer it under the trench.', look: look('tee', 'checks', '#e9dcc9', '#d6c4a8', '#f3efe8') },
      { by: 'milo', name: 'Waterproof runners', message: 'Puddles, bring it on.', look: look('sneaker', 'stripes', '#3a5a40', '#a3b18a', '#e9eef0') },
    ],
    stickers: [],
  },
  {
    owner: 'ada',
    name: 'Birthday gift ideas',
    description: 'Secret. Do not peek, Milo.',
    private: true,
    daysAgo: 2,
    polaroids: [
      { by: 'ada', name: 'Limited runners', message: 'Size 44, in the green.', look: look('sneaker', 'checks', '#2d6a4f', '#95d5b2', '#f2efe9') },
    ],
    stickers: [],
  },
]

export interface DemoItem {
  name: string
  description: string
  isPublic: boolean
  look: GarmentLook
  tags: Array<{ type: 'category' | 'color' | 'style' | 'material' | 'brand' | 'season' | 'occasion'; value: string }>
}

export const demoWardrobes: Record<string, DemoItem[]> = {
  ada: [
    {
      name: 'Linen blazer',
      description: 'Unlined, sand colour, slightly oversized.',
      isPublic: true,
      look: look('jacket', 'plain', '#e6d5b8', '#d4bf9a', '#f3ede2'),
      tags: [
        { type: 'category', value: 'outerwear' },
        { type: 'color', value: 'Beige' },
        { type: 'material', value: 'Linen' },
        { type: 'season', value: 'Summer' },
        { type: 'occasion', value: 'Business' },
      ],
    },
    {
      name: 'Sage slip dress',
      description: 'Satin, midi length.',
      isPublic: false,
      look: look('dress', 'plain', '#9cb89a', '#7d9c7b', '#f3ede2'),
      tags: [
        { type: 'category', value: 'dress' },
        { type: 'color', value: 'Green' },
        { type: 'material', value: 'Satin' },
        { type: 'occasion', value: 'Formal' },
      ],
    },
  ],
  milo: [
    {
      name: 'Bubblegum runners',
      description: 'Chunky sole, pink and white.',
      isPublic: true,
      look: look('sneaker', 'stripes', '#ffb3c7', '#ffffff', '#f3f0e8'),
      tags: [
        { type: 'category', value: 'footwear' },
        { type: 'color', value: 'Pink' },
        { type: 'style', value: 'Streetwear' },
        { type: 'season', value: 'All Season' },
      ],
    },
  ],
  june: [
    {
      name: 'Breton tee',
      description: 'Navy stripes, boat neck.',
      isPublic: true,
      look: look('tee', 'stripes', '#fbfaf5', '#1f3b73', '#e9f0f3'),
      tags: [
        { type: 'category', value: 'top' },
        { type: 'color', value: 'Navy' },
        { type: 'style', value: 'Classic' },
        { type: 'material', value: 'Cotton' },
        { type: 'season', value: 'Summer' },
        { type: 'occasion', value: 'Casual' },
      ],
    },
    {
      name: 'Terracotta skirt',
      description: 'Linen blend, A-line.',
      isPublic: true,
      look: look('skirt', 'plain', '#d77a61', '#c0624a', '#f5efe3'),
      tags: [
        { type: 'category', value: 'bottom' },
        { type: 'color', value: 'Orange' },
        { type: 'material', value: 'Linen' },
        { type: 'occasion', value: 'Beach' },
      ],
    },
  ],
  sol: [
    {
      name: 'Corduroy jacket',
      description: 'Rust corduroy, 1970s.',
      isPublic: true,
      look: look('jacket', 'stripes', '#a0522d', '#8b4513', '#f4eee4'),
      tags: [
        { type: 'category', value: 'outerwear' },
        { type: 'color', value: 'Brown' },
        { type: 'style', value: 'Vintage' },
        { type: 'material', value: 'Corduroy' },
        { type: 'season', value: 'Fall' },
      ],
    },
    {
      name: 'Vintage clutch',
      description: 'Tan leather with a brass clasp.',
      isPublic: true,
      look: look('bag', 'checks', '#c89f6a', '#8c6239', '#f6efe6'),
      tags: [
        { type: 'category', value: 'accessory' },
        { type: 'color', value: 'Tan' },
        { type: 'style', value: 'Vintage' },
        { type: 'material', value: 'Leather' },
      ],
    },
  ],
}
