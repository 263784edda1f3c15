// Fetches the photo-shrinking library when a screen that takes photos opens (see downscaleImage).
import { useEffect } from 'react'
import { preloadDownscaler } from '@/lib/downscaleImage'

export function usePreloadDownscaler(enabled = true): void {
  useEffect(() => {
    if (enabled) preloadDownscaler()
  }, [enabled])
}
