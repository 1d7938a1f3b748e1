import { IMAGE_LIMITS } from '@store/contract'
import sharp from 'sharp'
import type { Database } from '../db/client'
import { productImages, products } from '../db/schema'
import { type StoredImage, storeProductImage } from '../lib/images'
import type { MediaStorage } from '../lib/storage'
import { ensureCategories } from './categories'
import { seedDemoActivity } from './demo-activity'
import { type ArtKind, furnitureSvg } from './demo-art'

interface DemoProduct {
  name: string
  category: string
  art: ArtKind
  price: number
  stock: number
  description: string
  featured?: boolean
  sale?: boolean
}

// Newest first: the list order decides created_at, spread over the last 60 days.
const catalogue: DemoProduct[] = [
  {
    name: 'Emerald Velvet Chesterfield Sofa',
    category: 'Sofas',
    art: 'sofa',
    price: 245_000,
    stock: 6,
    featured: true,
    description:
      'A deep three-seater in emerald velvet with hand-tufted rolled arms. The frame is kiln-dried sheesham and the seat cushions are wrapped in soft fibre for a sink-in feel.',
  },
  {
    name: 'Sheesham King Bed',
    category: 'Beds',
    art: 'bed',
    price: 210_000,
    stock: 4,
    featured: true,
    description:
      'Solid sheesham wood with a tall panelled headboard and a warm walnut finish. Made by craftsmen in Chiniot, it takes a standard 72 x 78 inch mattress.',
  },
  {
    name: 'Brass Arc Floor Lamp',
    category: 'Lighting',
    art: 'floor-lamp',
    price: 32_000,
    stock: 8,
    sale: true,
    description:
      'A sweeping arc of brushed brass that reaches over a sofa or reading chair. The weighted marble base keeps it steady, and the dome shade throws a warm pool of light.',
  },
  {
    name: 'Rattan Accent Chair',
    category: 'Chairs',
    art: 'chair',
    price: 42_000,
    stock: 12,
    featured: true,
    description:
      'Hand-woven rattan on a curved cane frame, with a plump cotton seat cushion. Light enough to move between the lounge and the veranda.',
  },
  {
    name: 'Six-Seater Sheesham Dining Set',
    category: 'Dining',
    art: 'dining',
    price: 285_000,
    stock: 3,
    description:
      'A 72-inch sheesham table with six upholstered chairs, finished in a satin lacquer that shrugs off spills. Seats the whole family for Sunday lunch.',
  },
  {
    name: 'Hand-Knotted Bokhara Rug',
    category: 'Rugs',
    art: 'rug',
    price: 95_000,
    stock: 5,
    featured: true,
    description:
      'Hand-knotted in pure wool with the classic Bokhara gul pattern in deep red. Each 6 x 9 foot piece takes weeks to make and only gets softer with time.',
  },
  {
    name: 'Linen Three-Seater Sofa',
    category: 'Sofas',
    art: 'sofa',
    price: 165_000,
    stock: 9,
    sale: true,
    description:
      'Clean lines, washed linen upholstery and removable covers for easy care. The high-resilience foam seat keeps its shape for years.',
  },
  {
    name: 'Oak Wardrobe',
    category: 'Storage',
    art: 'wardrobe',
    price: 165_000,
    stock: 0,
    description:
      'A two-door wardrobe in solid oak with a full hanging rail, two shelves and a deep drawer below. Brass handles add a quiet touch of shine.',
  },
  {
    name: 'Ceramic Table Lamp',
    category: 'Lighting',
    art: 'table-lamp',
    price: 12_500,
    stock: 25,
    description:
      'A glazed ceramic base in deep green with a pleated linen shade. Perfect on a bedside table or a console in the entrance.',
  },
  {
    name: 'Terracotta Vase Trio',
    category: 'Decor',
    art: 'vases',
    price: 7_500,
    stock: 40,
    description:
      'Three hand-thrown terracotta vases in graded sizes, each with a soft matte glaze. Lovely with dried pampas or a single branch.',
  },
  {
    name: 'Walnut Coffee Table',
    category: 'Tables',
    art: 'table',
    price: 48_000,
    stock: 7,
    sale: true,
    description:
      'A low walnut table with a lower shelf for books and trays. The rounded corners make it a safe choice for homes with children.',
  },
  {
    name: 'Modular Corner Sectional',
    category: 'Sofas',
    art: 'sofa',
    price: 335_000,
    stock: 2,
    featured: true,
    description:
      'Six modules you can arrange as an L, a U or two facing sofas. Upholstered in a stain-resistant performance fabric that stands up to daily life.',
  },
  {
    name: 'Upholstered Queen Bed',
    category: 'Beds',
    art: 'bed',
    price: 155_000,
    stock: 8,
    description:
      'A fully upholstered bed with a channel-stitched headboard and solid wood slats. Takes a 60 x 78 inch mattress.',
  },
  {
    name: 'Round Brass Mirror',
    category: 'Decor',
    art: 'mirror',
    price: 22_000,
    stock: 14,
    sale: true,
    description:
      'A 30-inch round mirror in a hammered brass frame. Hang it above a console to bounce light around a hallway.',
  },
  {
    name: 'Wingback Armchair',
    category: 'Chairs',
    art: 'chair',
    price: 78_000,
    stock: 0,
    description:
      'A classic wingback with a high back and turned wooden legs. Upholstered in a soft bouclé that invites long afternoons with a book.',
  },
  {
    name: 'Marble Side Table',
    category: 'Tables',
    art: 'table',
    price: 26_500,
    stock: 10,
    sale: true,
    description:
      'A white marble top on a slim powder-coated base. Small enough for the space beside a sofa, sturdy enough for a lamp.',
  },
  {
    name: 'Six-Drawer Chest',
    category: 'Storage',
    art: 'sideboard',
    price: 72_000,
    stock: 11,
    description:
      'Six roomy drawers on smooth metal runners in a mango wood frame. The top is wide enough for a mirror and a few favourite things.',
  },
  {
    name: 'Rattan Pendant Light',
    category: 'Lighting',
    art: 'pendant',
    price: 18_500,
    stock: 16,
    description:
      'A woven rattan shade that casts soft patterned light over a dining table. Comes with a 1.5 metre adjustable cord.',
  },
  {
    name: 'Round Marble Dining Table',
    category: 'Dining',
    art: 'dining',
    price: 195_000,
    stock: 5,
    description:
      'A 48-inch round top in Ziarat white marble on a solid wood pedestal. Seats four comfortably and makes every meal feel special.',
  },
  {
    name: 'Jute Braided Rug',
    category: 'Rugs',
    art: 'rug',
    price: 28_000,
    stock: 20,
    sale: true,
    description:
      'Braided by hand from natural jute in a sand colour. Hard-wearing and earthy, it suits a lounge, a study or a covered veranda.',
  },
  {
    name: 'Compact Loveseat',
    category: 'Sofas',
    art: 'sofa',
    price: 89_000,
    stock: 10,
    sale: true,
    description:
      'A two-seater sized for apartments and reading corners. Tapered wooden legs and a tight back keep it light on the eye.',
  },
  {
    name: 'Walnut Platform Bed',
    category: 'Beds',
    art: 'bed',
    price: 185_000,
    stock: 3,
    description:
      'A low platform bed in walnut veneer with a floating look. No box spring needed: the slatted base supports the mattress directly.',
  },
  {
    name: 'Mid-Century Lounge Chair',
    category: 'Chairs',
    art: 'chair',
    price: 96_000,
    stock: 6,
    description:
      'Curved plywood arms, a reclined seat and thick leather-look cushions. A modern classic that looks at home in any lounge.',
  },
  {
    name: 'Oak Bookshelf',
    category: 'Storage',
    art: 'wardrobe',
    price: 38_000,
    stock: 18,
    description:
      'Five adjustable shelves in solid oak for books, plants and display pieces. It can be fixed to the wall for extra safety.',
  },
  {
    name: 'Tripod Floor Lamp',
    category: 'Lighting',
    art: 'floor-lamp',
    price: 24_000,
    stock: 0,
    sale: true,
    description:
      'Three teak legs and a drum shade in natural linen. Gives a soft, even light that suits a bedroom or a lounge corner.',
  },
  {
    name: 'Multani Blue Pottery Set',
    category: 'Decor',
    art: 'vases',
    price: 6_200,
    stock: 30,
    description:
      'Hand-painted blue pottery from Multan: a bowl and two small vases in cobalt and turquoise. Each piece is unique.',
  },
  {
    name: 'Nesting Tables, Set of Three',
    category: 'Tables',
    art: 'table',
    price: 34_000,
    stock: 9,
    description:
      'Three tables that tuck into one another when not needed. Solid acacia tops with a warm honey finish.',
  },
  {
    name: 'Extendable Oak Dining Table',
    category: 'Dining',
    art: 'dining',
    price: 230_000,
    stock: 4,
    description:
      'Seats six every day and ten when guests arrive, thanks to a butterfly leaf stored under the top. Solid oak with a hard-wax oil finish.',
  },
  {
    name: 'Kilim Runner',
    category: 'Rugs',
    art: 'rug',
    price: 19_500,
    stock: 12,
    sale: true,
    description:
      'A flat-woven wool runner with geometric motifs in rust and ochre. Made for hallways, it is reversible for twice the wear.',
  },
  {
    name: 'Sideboard with Cane Doors',
    category: 'Storage',
    art: 'sideboard',
    price: 88_000,
    stock: 7,
    featured: true,
    description:
      'Three doors with woven cane panels over adjustable shelves. Holds the good crockery and looks lovely doing it.',
  },
  {
    name: 'Sleeper Sofa Bed',
    category: 'Sofas',
    art: 'sofa',
    price: 125_000,
    stock: 0,
    description:
      'A comfortable three-seater by day that unfolds into a double bed for guests. The mechanism opens in one easy pull.',
  },
  {
    name: 'Marble Bedside Lamp',
    category: 'Lighting',
    art: 'table-lamp',
    price: 9_800,
    stock: 22,
    description:
      'A compact lamp with a green marble base and a cream fabric shade. Just the right height for reading in bed.',
  },
  {
    name: 'Upholstered Dining Chairs, Pair',
    category: 'Chairs',
    art: 'chair',
    price: 36_000,
    stock: 14,
    sale: true,
    description:
      'Two dining chairs with padded seats and backs on solid beech legs. The fabric is treated against stains.',
  },
  {
    name: 'Twin Bed with Storage',
    category: 'Beds',
    art: 'bed',
    price: 72_000,
    stock: 9,
    description:
      "A single bed with two deep drawers underneath for bedding and toys. Rounded corners and a low height make it ideal for a child's room.",
  },
  {
    name: 'Console Table',
    category: 'Tables',
    art: 'table',
    price: 52_000,
    stock: 8,
    description:
      'A slim console in dark sheesham for the entrance or behind a sofa. The lower shelf holds baskets or a stack of books.',
  },
  {
    name: 'Scented Candle Set',
    category: 'Decor',
    art: 'vases',
    price: 3_800,
    stock: 60,
    description:
      'Three soy-wax candles in frosted glass: jasmine, oud and sandalwood. Each burns for around forty hours.',
  },
  {
    name: 'Shaggy Area Rug',
    category: 'Rugs',
    art: 'rug',
    price: 34_000,
    stock: 15,
    description:
      'A deep-pile rug that feels wonderful underfoot in winter. Machine-made in Pakistan from soft polyester yarn.',
  },
  {
    name: 'Four-Seater Bistro Set',
    category: 'Dining',
    art: 'dining',
    price: 98_000,
    stock: 6,
    description:
      'A compact round table with four bentwood chairs, ideal for a kitchen corner or a small apartment. Easy to wipe clean.',
  },
  {
    name: 'TV Console',
    category: 'Storage',
    art: 'sideboard',
    price: 56_000,
    stock: 10,
    description:
      'A low media unit with two drawers and open shelves for consoles and speakers. Cable cut-outs keep the wires out of sight.',
  },
  {
    name: 'Hammered Brass Wall Mirror',
    category: 'Decor',
    art: 'mirror',
    price: 28_500,
    stock: 5,
    description:
      'A 24-inch round mirror framed in hand-hammered brass by metalworkers in Lahore. It warms up a bedroom or dressing area.',
  },
  {
    name: 'Rocking Chair',
    category: 'Chairs',
    art: 'chair',
    price: 54_000,
    stock: 4,
    description:
      'A steam-bent rocking chair with a woven seat and a gentle, steady motion. A favourite for nurseries and verandas.',
  },
  {
    name: 'Study Desk',
    category: 'Tables',
    art: 'table',
    price: 45_000,
    stock: 13,
    description:
      'A compact desk with a drawer for stationery and a cable tray at the back. Sized to fit a bedroom corner.',
  },
]

const DAY_MS = 24 * 60 * 60 * 1000
// Enough parallel work to keep sharp's threads busy without holding dozens of images in memory.
const CONCURRENCY = 4

async function renderImages(storage: MediaStorage, art: ArtKind, seed: number): Promise<StoredImage[]> {
  const views = 1 + (seed % 3)
  const images: StoredImage[] = []
  for (let view = 0; view < views; view++) {
    // Fast PNG compression: the file is decoded straight away, and only the WebP versions are kept.
    const png = await sharp(Buffer.from(furnitureSvg(art, seed, view)))
      .png({ compressionLevel: 1 })
      .toBuffer()
    images.push(await storeProductImage(storage, png, { maxPixels: IMAGE_LIMITS.maxPixels }))
  }
  return images
}

async function inBatches<T, R>(items: T[], size: number, work: (item: T, index: number) => Promise<R>) {
  const results: R[] = []
  for (let start = 0; start < items.length; start += size) {
    const batch = items.slice(start, start + size)
    results.push(...(await Promise.all(batch.map((item, offset) => work(item, start + offset)))))
  }
  return results
}

/** The demo catalogue: categories, about forty products with generated pictures, then demo activity. */
export async function seedDemo(database: Database, storage: MediaStorage): Promise<void> {
  const { db } = database
  const categoryIds = await ensureCategories(db)

  const images = await inBatches(catalogue, CONCURRENCY, (product, index) =>
    renderImages(storage, product.art, index),
  )
  const now = Date.now()
  const rows = await db
    .insert(products)
    .values(
      catalogue.map((product, index) => ({
        name: product.name,
        description: product.description,
        price: product.price.toFixed(2),
        stock: product.stock,
        categoryId: categoryIds.get(product.category) ?? Number.NaN,
        isFeatured: product.featured ?? false,
        isOnSale: product.sale ?? false,
        createdAt: new Date(now - (index * 60 * DAY_MS) / catalogue.length),
      })),
    )
    .returning({ id: products.id })
  await db
    .insert(productImages)
    .values(
      rows.flatMap((row, index) => (images[index] ?? []).map((image) => ({ productId: row.id, ...image }))),
    )

  await seedDemoActivity(database)
}
