import { sql } from 'drizzle-orm'
import type { Db } from '../src/db/client'
import { hashPassword } from '../src/features/auth/service'

/**
 * A realistic large catalogue made in SQL (seconds, not minutes): varied names from adjectives,
 * materials and pieces, 12 categories, prices from PKR 5,000 to 350,000, a spread of stock, sale and
 * featured flags, reviews already counted, 1–2 images each (rows sharing a few stored keys), and
 * customers for the checkout scenario.
 */
export async function seedBenchCatalogue(db: Db, productCount: number, customerCount: number): Promise<void> {
  await db.execute(sql`
    insert into categories (name)
    select unnest(array['Sofas','Beds','Dining','Chairs','Tables','Storage','Lighting','Decor','Rugs','Outdoor','Office','Kids'])
    on conflict do nothing`)
  await db.execute(sql`
    insert into products (name, description, price, stock, category_id, is_featured, is_on_sale, review_count, rating_total, created_at)
    select
      (array['Classic','Modern','Rustic','Nordic','Royal','Compact','Luxury','Vintage','Urban','Coastal','Heritage','Minimal'])[1 + i % 12]
        || ' ' || (array['Oak','Walnut','Sheesham','Teak','Velvet','Linen','Leather','Rattan','Marble','Brass','Pine','Cane'])[1 + (i / 12) % 12]
        || ' ' || (array['Sofa','Bed','Dining Table','Armchair','Coffee Table','Wardrobe','Floor Lamp','Mirror','Rug','Bench','Desk','Bookshelf'])[1 + (i / 144) % 12]
        || ' ' || i,
      'Handcrafted in Lahore from seasoned ' || (array['oak','walnut','sheesham','teak'])[1 + i % 4]
        || ', finished by hand and built to last for years of family life. Delivered assembled across Pakistan.',
      (5000 + (i * 7919) % 345000)::numeric(12, 2),
      case when i % 17 = 0 then 0 when i % 5 = 0 then 1 + i % 10 else 20 + i % 80 end,
      (select id from categories order by id offset (i % 12) limit 1),
      i % 997 = 0,
      i % 7 = 0,
      i % 6,
      (i % 6) * (3 + i % 3),
      now() - make_interval(mins => i)
    from generate_series(1, ${productCount}) as i`)
  await db.execute(sql`
    insert into product_images (product_id, storage_key, width, height, widths)
    select id, 'bench/' || (id % 24), 1200, 900, '{320,640,1024,1200}'::integer[] from products
    union all
    select id, 'bench/' || ((id + 7) % 24), 1200, 900, '{320,640,1024,1200}'::integer[] from products where id % 2 = 0`)
  const passwordHash = await hashPassword('bench-password-1')
  await db.execute(sql`
    insert into users (email, password_hash, first_name, last_name)
    select 'bench' || i || '@example.com', ${passwordHash}, 'Bench', 'Customer ' || i
    from generate_series(1, ${customerCount}) as i`)
  // As autovacuum would leave a catalogue that has been there a while: the full-text index's pending
  // list merged (every search scanned it whole) and the visibility map set.
  await db.execute(sql`vacuum analyze`)
}
