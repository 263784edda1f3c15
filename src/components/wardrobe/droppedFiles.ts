// The files of a drop on the outfit picker (issue 25): a drop of many photos, or of a folder of them
// (read through the entries API, one level of folders after another), in the order the browser lists them.

/** Every file dropped, with the files inside dropped folders. */
export async function droppedFiles(transfer: DataTransfer): Promise<File[]> {
  const entries = Array.from(transfer.items)
    .map((item) => (item.kind === 'file' ? item.webkitGetAsEntry() : null))
    .filter((entry): entry is FileSystemEntry => entry !== null)
  if (!entries.some((entry) => entry.isDirectory)) return Array.from(transfer.files)
  const files: File[] = []
  for (const entry of entries) files.push(...(await filesOf(entry)))
  return files
}

async function filesOf(entry: FileSystemEntry): Promise<File[]> {
  if (entry.isFile) {
    return [await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject))]
  }
  if (!entry.isDirectory) return []
  const reader = (entry as FileSystemDirectoryEntry).createReader()
  const children: FileSystemEntry[] = []
  // readEntries answers in pages; an empty page is the end.
  for (;;) {
    const page = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject))
    if (page.length === 0) break
    children.push(...page)
  }
  const files: File[] = []
  for (const child of children) files.push(...(await filesOf(child)))
  return files
}
