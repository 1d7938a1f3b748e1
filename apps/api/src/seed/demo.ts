import type { Database } from '../db/client'
import type { MediaStorage } from '../lib/storage'

/** Demo catalogue and activity; filled in by the catalogue and commerce work. */
export async function seedDemo(_database: Database, _storage: MediaStorage): Promise<void> {}
