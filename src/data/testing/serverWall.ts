// A wall as PostgREST answers the boot script's first-visit request (fetchWallEarly's wallRestUrl):
// wall w1 of user u1 with its one live polaroid and no stickers, for tests of what a first visit shows.
export const serverWall = {
  id: 'w1',
  name: 'Lisbon',
  description: null,
  owner_id: 'u1',
  private: false,
  created_at: '2026-11-01T00:00:00+00:00',
  updated_at: '2026-11-01T00:00:00+00:00',
  deleted_at: null,
  txid: 11,
  owner: null,
  polaroids: [
    {
      id: 'p1',
      wall_id: 'w1',
      name: 'Linen shirt',
      message: '',
      image_path: 'polaroid-images/w1/p1.jpg',
      timestamp: 1,
      created_by: 'u1',
      x: 0,
      y: 0,
      z_index: 1,
      deleted_at: null,
      txid: 12,
    },
  ],
  wall_stickers: [],
}
