// One camera per canvas for the life of the screen; the screen hands it to the canvas and its controls.
import { useState } from 'react'
import { Camera } from './Camera'

export function useCamera(): Camera {
  return useState(() => new Camera())[0]
}
