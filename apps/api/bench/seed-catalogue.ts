import { sql } from 'drizzle-orm'
import type { Db } from '../src/db/client'
import { hashPassword } from '../src/features/auth/service'

/** A checkout to the seeded zone, Karachi: a delivery fee and a COD fee, so it prices every part of an order. */
export const BENCH_CHECKOUT = {
  first_name: 'Bench',
  last_name: 'Mark',
  email: 'bench@example.com',
  phone: '03001234567',
  address: '1 Benchmark Road',
  city: 'karachi',
  postal_code: '74000',
  payment_method: 'cod',
}

/**
 * A realistic large catalogue made in SQL (seconds, not minutes): varied names from adjectives,
 * materials and pieces, 12 categories, prices from PKR 5,000 to 350,000, a spread of stock, sale and
 * featured flags, reviews already counted, 1–2 images each (rows sharing a few stored keys),
 * dimensions, 12 materials, 10 colours, one in 23 made to order, a third with two options, and
 * customers and a delivery zone (Karachi) for the checkout scenario.
 */
export async function seedBenchCatalogue(db: Db, productCount: number, customerCount: number): Promise<void> {
  await db.execute(sql`
    insert into categories (name)
    select unnest(array['Sofas','Beds','Dining','Chairs','Tables','Storage','Lighting','Decor','Rugs','Outdoor','Office','Kids'])
    on conflict do nothing`)
  await db.execute(sql`
    insert into products (name, description, price, stock, category_id, is_featured, is_on_sale, review_count, rating_total, created_at,
      width_cm, depth_cm, height_cm, weight_kg, material, colour, lead_time_days)
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
      now() - make_interval(mins => i),
      40 + i % 200, 35 + i % 70, 30 + i % 180, 2 + (i % 120) * 0.75,
      (array['Oak','Walnut','Sheesham wood','Teak','Velvet','Linen','Leather','Rattan','Marble','Brass','Pine','Cane'])[1 + (i / 12) % 12],
      (array['Natural','Brown','Grey','Beige','Green','Blue','Black','White','Cream','Rust'])[1 + (i / 7) % 10],
      case when i % 23 = 0 then 14 + i % 17 else 0 end
    from generate_series(1, ${productCount}) as i`)
  // A third of the products come in two fabrics' worth of choices and two sizes.
  await db.execute(sql`
    insert into product_options (product_id, name, position)
    select id, option.name, option.position from products, (values ('Fabric', 0), ('Size', 1)) as option(name, position)
    where id % 3 = 0`)
  await db.execute(sql`
    insert into product_option_values (option_id, label, price_delta, position)
    select o.id, v.label, v.delta, v.position
    from product_options o
    join (values ('Fabric', 'Linen', 0, 0), ('Fabric', 'Velvet', 4000, 1), ('Fabric', 'Boucle', 9000, 2),
                 ('Size', 'Three-seater', 0, 0), ('Size', 'Two-seater', -3000, 1)) as v(option, label, delta, position)
      on v.option = o.name`)
  await db.execute(sql`
    insert into product_images (product_id, storage_key, width, height, widths)
    select id, 'bench/' || (id % 24), 1200, 900, '{320,640,1024,1200}'::integer[] from products
    union all
    select id, 'bench/' || ((id + 7) % 24), 1200, 900, '{320,640,1024,1200}'::integer[] from products where id % 2 = 0`)
  await db.execute(sql`
    insert into delivery_zones (city, fee, free_over, eta_min_days, eta_max_days, cod_available, cod_fee)
    values ('Karachi', 4500, 200000, 5, 8, true, 500)`)
  const passwordHash = await hashPassword('bench-password-1')
  await db.execute(sql`
    insert into users (email, password_hash, first_name, last_name)
    select 'bench' || i || '@example.com', ${passwordHash}, 'Bench', 'Customer ' || i
    from generate_series(1, ${customerCount}) as i`)
  // As autovacuum would leave a catalogue that has been there a while: the full-text index's pending
  // list merged (every search scanned it whole) and the visibility map set.
  await db.execute(sql`vacuum analyze`)
}
