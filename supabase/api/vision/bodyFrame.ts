// Which body keypoints to believe, and the body's size in pixels. Every garment rule downstream measures in
// "torso lengths" and only uses keypoints accepted here, so this is where "never invent legs" is enforced:
// a point counts only at score ≥ 0.3 inside the photo (reference §3); an ankle may count down to 0.15 when it
// sits on the person's mask below a confident knee, because MoveNet often under-scores a far foot.
import type { RgbImage } from './imageInput'
import type { Disc } from './regionShape'

export const keypointNames = [
  'nose',
  'leftEye',
  'rightEye',
  'leftEar',
  'rightEar',
  'leftShoulder',
  'rightShoulder',
  'leftElbow',
  'rightElbow',
  'leftWrist',
  'rightWrist',
  'leftHip',
  'rightHip',
  'leftKnee',
  'rightKnee',
  'leftAnkle',
  'rightAnkle',
] as const

export type KeypointName = (typeof keypointNames)[number]

/** A keypoint in the analysed image's pixels, with the model's score (0..1). */
export interface Keypoint {
  name: KeypointName
  x: number
  y: number
  score: number
}

const MIN_KEYPOINT_SCORE = 0.3
const MIN_SUPPORTED_ANKLE_SCORE = 0.15

export type Side = 'left' | 'right'
export const sides: Side[] = ['left', 'right']

export interface Point {
  x: number
  y: number
  score: number
}

export interface BodyFrame {
  /** Accepted keypoints only. */
  points: Partial<Record<KeypointName, Point>>
  personFound: boolean
  /** Midpoint of the accepted shoulders (or the one accepted shoulder). */
  shoulders: Point | null
  /** Midpoint of the accepted hips, below the shoulders. */
  hips: Point | null
  /** Torso length in pixels (shoulders to hips), or an estimate of it from other parts. */
  torso: number
}

/** What every garment rule looks at: the photo, its mask, the accepted keypoints, sizes in torso lengths. */
export interface BodyContext {
  image: RgbImage
  alpha: Uint8Array
  frame: BodyFrame
  /** Accepted keypoints (frame.points). */
  p: BodyFrame['points']
  /** Torso length in pixels: the unit of every distance in the rules. */
  T: number
  /** Hands, which are skin: no garment keeps them, no colour sample reads them. */
  hands: Disc[]
}

/** Reads the mask at a point (alpha 0..255, or 0 outside the image). */
export type MaskAt = (x: number, y: number) => number

const face: KeypointName[] = ['nose', 'leftEye', 'rightEye', 'leftEar', 'rightEar']

export function bodyFrame(keypoints: Keypoint[], width: number, height: number, maskAt: MaskAt): BodyFrame {
  const inside = (k: Keypoint) => k.x >= 0 && k.y >= 0 && k.x < width && k.y < height
  const byName = new Map(keypoints.map((k) => [k.name, k]))
  const points: Partial<Record<KeypointName, Point>> = {}
  for (const k of keypoints) {
    if (k.score >= MIN_KEYPOINT_SCORE && inside(k)) points[k.name] = { x: k.x, y: k.y, score: k.score }
  }
  for (const side of sides) {
    const ankle = byName.get(`${side}Ankle`)
    const knee = points[`${side}Knee`]
    if (!ankle || !knee || points[`${side}Ankle`]) continue
    const hip = points[`${side}Hip`]
    // A shin has length: an "ankle" on top of the knee is the model hedging, not a foot.
    const shinFloor = hip ? 0.5 * Math.hypot(knee.x - hip.x, knee.y - hip.y) : 0
    const supported =
      ankle.score >= MIN_SUPPORTED_ANKLE_SCORE &&
      inside(ankle) &&
      ankle.y > knee.y &&
      Math.hypot(ankle.x - knee.x, ankle.y - knee.y) >= shinFloor &&
      maskAt(ankle.x, ankle.y) > 127
    if (supported) points[`${side}Ankle`] = { x: ankle.x, y: ankle.y, score: ankle.score }
  }
  const shoulders = midpoint(points.leftShoulder, points.rightShoulder)
  // A lower-body point above the shoulders is a misreading (e.g. a hand taken for a knee), not a body.
  if (shoulders) {
    for (const name of ['leftHip', 'rightHip', 'leftKnee', 'rightKnee', 'leftAnkle', 'rightAnkle'] as const) {
      const p = points[name]
      if (p && p.y <= shoulders.y) delete points[name]
    }
  }
  for (const side of sides) {
    const hip = points[`${side}Hip`]
    const knee = points[`${side}Knee`]
    const ankle = points[`${side}Ankle`]
    if (knee && hip && knee.y <= hip.y) delete points[`${side}Knee`]
    if (ankle && (points[`${side}Knee`]?.y ?? hip?.y ?? -Infinity) >= ankle.y) delete points[`${side}Ankle`]
  }
  const hips = midpoint(points.leftHip, points.rightHip)
  const faceSeen = face.some((name) => points[name])
  const armSeen = Boolean(points.leftElbow ?? points.rightElbow)
  // A torso needs a shoulder plus one more body cue; MoveNet finds "shoulders" on a T-shirt laid flat.
  const personFound = Boolean(shoulders) && (faceSeen || Boolean(hips) || armSeen)
  return { points, personFound, shoulders, hips, torso: torsoLength(points, shoulders, hips, height) }
}

function midpoint(a: Point | undefined, b: Point | undefined): Point | null {
  if (a && b) return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, score: (a.score + b.score) / 2 }
  return a ?? b ?? null
}

function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y)
}

/** Shoulders→hips when both are seen; otherwise from the upper arm or the shoulder width (adult proportions). */
function torsoLength(
  points: BodyFrame['points'],
  shoulders: Point | null,
  hips: Point | null,
  height: number,
): number {
  const floor = 0.05 * height
  if (shoulders && hips && hips.y > shoulders.y) return Math.max(floor, distance(shoulders, hips))
  for (const side of sides) {
    const shoulder = points[`${side}Shoulder`]
    const elbow = points[`${side}Elbow`]
    if (shoulder && elbow) return Math.max(floor, 1.6 * distance(shoulder, elbow))
  }
  if (points.leftShoulder && points.rightShoulder)
    return Math.max(floor, 1.3 * distance(points.leftShoulder, points.rightShoulder))
  return Math.max(floor, 0.3 * height)
}
