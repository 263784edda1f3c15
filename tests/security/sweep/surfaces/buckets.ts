// One row per storage bucket. Outsiders try to find the owner's private file (list its folder, list
// the whole bucket, read its info, download it with their token, sign it, fetch a public URL of a
// private bucket) and to change the owner's files (upload into the folder, overwrite, delete, move or
// copy out); the bucket's own settings are for the service role. The owner finding their file is the
// control. polaroid-images is public by design: a known public URL keeps working (the migration
// 20261124100000 explains why), which the row pins as an allowed case.
import { randomBytes } from 'node:crypto'
import type { Case, Surface } from '../sweepTable'
import { forActors, outsiders } from '../sweepTable'
import { send, seenIn } from '../../support/http'
import { callAs, ok } from '../../support/rest'
import { jpeg, png, type Actor, type World } from '../../support/world'

interface BucketSpec {
  bucket: string
  /** The owner's file outsiders must not reach. */
  privateFile(world: World): string
  contentType: string
  publicBucket: boolean
}

async function objectExists(world: World, bucket: string, name: string): Promise<boolean> {
  const { rows } = await world.stack.db.query(
    'select 1 from storage.objects where bucket_id = $1 and name = $2',
    [bucket, name],
  )
  return rows.length > 0
}

async function objectStamp(world: World, bucket: string, name: string): Promise<string> {
  const { rows } = await world.stack.db.query<{ stamp: string }>(
    `select coalesce(metadata::text, '') || updated_at::text as stamp from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, name],
  )
  return rows[0]?.stamp ?? 'gone'
}

function folderOf(name: string): string {
  return name.split('/').slice(0, -1).join('/')
}

function bytesFor(spec: BucketSpec): Promise<Buffer> {
  return spec.contentType === 'image/png' ? png() : jpeg()
}

function findCases(spec: BucketSpec): Case[] {
  const b = spec.bucket
  const file = (w: World) => encodeURI(spec.privateFile(w))
  const sees = (name: string) => async (w: World, actor: Actor) => {
    const answer = await callAs(
      w,
      actor,
      name === 'list-folder'
        ? {
            method: 'POST',
            path: `/storage/v1/object/list/${b}`,
            body: { prefix: folderOf(spec.privateFile(w)), limit: 1000 },
          }
        : { method: 'POST', path: `/storage/v1/object/list/${b}`, body: { prefix: '', limit: 1000 } },
    )
    // A folder listing must not show the file; a bucket listing must not even show the folder of a
    // user (the hermit) whose files are all private.
    const hidden = name === 'list-folder' ? spec.privateFile(w).split('/').pop()! : w.hermit.id
    return { effect: answer.body.includes(hidden), seen: seenIn(answer) }
  }
  const status200 =
    (path: (w: World) => string, method = 'GET', body?: unknown) =>
    async (w: World, actor: Actor) => {
      const answer = await callAs(w, actor, { method, path: path(w), body })
      return {
        effect: ok(answer) && !answer.body.includes('"signedURL":null'),
        seen: seenIn(answer),
        sent: [spec.privateFile(w), file(w)],
      }
    }
  const cases: Case[] = [
    ...forActors(outsiders, 'refuse', 'list the folder of the private file', sees('list-folder')),
    ...forActors(outsiders, 'refuse', 'list the whole bucket (empty prefix)', sees('list-all')),
    ...forActors(
      outsiders,
      'refuse',
      'read the private file’s info',
      status200((w) => `/storage/v1/object/info/${b}/${file(w)}`),
    ),
    ...forActors(
      outsiders,
      'refuse',
      'download the private file with their token',
      status200((w) => `/storage/v1/object/authenticated/${b}/${file(w)}`),
    ),
    ...forActors(
      outsiders,
      'refuse',
      'sign the private file',
      status200((w) => `/storage/v1/object/sign/${b}/${file(w)}`, 'POST', { expiresIn: 60 }),
    ),
    ...forActors(outsiders, 'refuse', 'sign the private file among many', async (w, actor) => {
      const answer = await callAs(w, actor, {
        method: 'POST',
        path: `/storage/v1/object/sign/${b}`,
        body: { expiresIn: 60, paths: [spec.privateFile(w)] },
      })
      return { effect: answer.body.includes('token='), seen: seenIn(answer), sent: [spec.privateFile(w)] }
    }),
    ...forActors(['owner'], 'allow', 'list the own folder', sees('list-folder')),
    {
      name: 'list the whole bucket and see the own folder',
      actor: 'owner',
      expect: 'allow',
      async run(w) {
        const answer = await callAs(w, 'owner', {
          method: 'POST',
          path: `/storage/v1/object/list/${b}`,
          body: { prefix: '', limit: 1000 },
        })
        return { effect: answer.body.includes(w.owner.id), seen: seenIn(answer) }
      },
    },
    ...forActors(
      ['owner'],
      'allow',
      'sign the own file',
      status200((w) => `/storage/v1/object/sign/${b}/${file(w)}`, 'POST', { expiresIn: 60 }),
    ),
  ]
  const publicUrl = async (w: World) => {
    const answer = await send(w.stack.port, { path: `/storage/v1/object/public/${b}/${file(w)}` })
    return { effect: answer.status === 200, seen: `${answer.status}` }
  }
  if (spec.publicBucket) {
    cases.push({
      name: 'fetch a known public URL (a link, by design)',
      actor: 'anon',
      expect: 'allow',
      run: publicUrl,
    })
  } else {
    cases.push({
      name: 'fetch the private file at a public URL',
      actor: 'anon',
      expect: 'refuse',
      run: publicUrl,
    })
  }
  return cases
}

function changeCases(spec: BucketSpec): Case[] {
  const b = spec.bucket
  const upload = (target: (w: World) => string, method: 'POST' | 'PUT') => async (w: World, actor: Actor) => {
    const name = target(w)
    const before = await objectStamp(w, b, name)
    const answer = await send(w.stack.port, {
      method,
      path: `/storage/v1/object/${b}/${encodeURI(name)}`,
      headers: {
        apikey: w.stack.anonKey,
        Authorization: `Bearer ${w.tokenOf(actor)}`,
        'Content-Type': spec.contentType,
        'x-upsert': 'true',
      },
      body: await bytesFor(spec),
    })
    return { effect: (await objectStamp(w, b, name)) !== before, seen: seenIn(answer) }
  }
  const gone =
    (call: (w: World) => { method: string; path: string; body?: unknown }) =>
    async (w: World, actor: Actor) => {
      const answer = await callAs(w, actor, call(w))
      return { effect: !(await objectExists(w, b, spec.privateFile(w))), seen: seenIn(answer) }
    }
  const stolen = (op: 'move' | 'copy') => async (w: World, actor: Actor) => {
    const destination = `${w.userIdOf(actor) ?? 'anon'}/stolen-${randomBytes(4).toString('hex')}.img`
    const answer = await callAs(w, actor, {
      method: 'POST',
      path: `/storage/v1/object/${op}`,
      body: { bucketId: b, sourceKey: spec.privateFile(w), destinationKey: destination },
    })
    const moved = !(await objectExists(w, b, spec.privateFile(w)))
    return { effect: moved || (await objectExists(w, b, destination)), seen: seenIn(answer) }
  }
  return [
    ...forActors(
      outsiders,
      'refuse',
      'upload into the owner’s folder',
      upload(
        (w) => `${folderOf(spec.privateFile(w))}/intruder-${randomBytes(3).toString('hex')}.img`,
        'POST',
      ),
    ),
    ...forActors(
      outsiders,
      'refuse',
      'overwrite the owner’s file',
      upload((w) => spec.privateFile(w), 'PUT'),
    ),
    ...forActors(
      outsiders,
      'refuse',
      'delete the owner’s file',
      gone((w) => ({ method: 'DELETE', path: `/storage/v1/object/${b}/${encodeURI(spec.privateFile(w))}` })),
    ),
    ...forActors(
      outsiders,
      'refuse',
      'remove the owner’s file among many',
      gone((w) => ({
        method: 'DELETE',
        path: `/storage/v1/object/${b}`,
        body: { prefixes: [spec.privateFile(w)] },
      })),
    ),
    ...forActors(outsiders, 'refuse', 'move the owner’s file into their folder', stolen('move')),
    ...forActors(outsiders, 'refuse', 'copy the owner’s file into their folder', stolen('copy')),
  ]
}

function settingsCases(spec: BucketSpec): Case[] {
  const b = spec.bucket
  const everyone: Actor[] = ['anon', 'stranger', 'owner']
  const settings = async (w: World) =>
    JSON.stringify((await w.stack.db.query('select * from storage.buckets where id = $1', [b])).rows)
  const change =
    (call: { method: string; path: string; body?: unknown }) => async (w: World, actor: Actor) => {
      const before = await settings(w)
      const answer = await callAs(w, actor, call)
      return {
        effect: (await settings(w)) !== before || !(await objectExists(w, b, spec.privateFile(w))),
        seen: seenIn(answer),
      }
    }
  return [
    ...forActors(
      everyone,
      'refuse',
      'make the bucket public or lift its limits',
      change({
        method: 'PUT',
        path: `/storage/v1/bucket/${b}`,
        body: { public: true, file_size_limit: null, allowed_mime_types: null },
      }),
    ),
    ...forActors(
      everyone,
      'refuse',
      'empty the bucket',
      change({ method: 'POST', path: `/storage/v1/bucket/${b}/empty` }),
    ),
    ...forActors(
      everyone,
      'refuse',
      'delete the bucket',
      change({ method: 'DELETE', path: `/storage/v1/bucket/${b}` }),
    ),
  ]
}

export function bucket(spec: BucketSpec): Surface {
  return {
    kind: 'bucket',
    name: spec.bucket,
    cases: () => [...findCases(spec), ...changeCases(spec), ...settingsCases(spec)],
  }
}

export const buckets: Surface[] = [
  bucket({
    bucket: 'polaroid-images',
    privateFile: (w) => w.files.privatePolaroid,
    contentType: 'image/jpeg',
    publicBucket: true,
  }),
  bucket({
    bucket: 'wardrobe-images',
    privateFile: (w) => w.files.privateItem,
    contentType: 'image/jpeg',
    publicBucket: false,
  }),
  bucket({
    bucket: 'ootd-images',
    privateFile: (w) => w.files.ootd,
    contentType: 'image/jpeg',
    publicBucket: false,
  }),
  bucket({
    bucket: 'wardrobe-stickers',
    privateFile: (w) => w.files.privateSticker,
    contentType: 'image/png',
    publicBucket: false,
  }),
]
