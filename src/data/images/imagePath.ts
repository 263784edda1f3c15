// A stored image's path ("bucket/path/in/it") split in two. Its own module, with no imports, because the
// boot script uses it: imageSource.ts reaches React and Dexie (through connectivity), and anything the
// entry imports from there would make the entry wait for those chunks before it can start the first
// screen's requests.
export function splitImagePath(imagePath: string): { bucket: string; path: string } | null {
  const slash = imagePath.indexOf('/')
  if (slash <= 0 || slash === imagePath.length - 1) return null
  return { bucket: imagePath.slice(0, slash), path: imagePath.slice(slash + 1) }
}
