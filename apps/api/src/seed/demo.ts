import { IMAGE_LIMITS } from '@store/contract'
import sharp from 'sharp'
import type { Database } from '../db/client'
import { productImages, productOptions, productOptionValues, products } from '../db/schema'
import { type StoredImage, storeProductImage } from '../lib/images'
import type { MediaStorage } from '../lib/storage'
import { ensureCategories } from './categories'
import { seedCheckout } from './checkout'
import { seedDemoActivity } from './demo-activity'
import { type ArtKind, furnitureSvg } from './demo-art'
import { DEMO_URDU } from './demo-urdu'

interface DemoOption {
  name: string
  /** Label and price change in rupees, in display order */
  values: [string, number][]
}

interface DemoProduct {
  name: string
  category: string
  art: ArtKind
  price: number
  stock: number
  description: string
  featured?: boolean
  sale?: boolean
  /** Width, depth and height in cm */
  size: [number, number, number]
  weightKg: number
  material: string
  colour: string
  /** Made to order: ships this many days after the order */
  leadTimeDays?: number
  options?: DemoOption[]
}

const sofaFabric: DemoOption = {
  name: 'Fabric',
  values: [
    ['Emerald velvet', 0],
    ['Beige linen', 4_000],
    ['Charcoal bouclé', 9_000],
  ],
}
const sofaSize: DemoOption = {
  name: 'Size',
  values: [
    ['3-seater', 0],
    ['2-seater', -30_000],
  ],
}
const woodFinish: DemoOption = {
  name: 'Finish',
  values: [
    ['Walnut', 0],
    ['Natural', 0],
    ['Ebony', 6_000],
  ],
}

// Newest first: the list order decides created_at, spread over the last 60 days.
const catalogue: DemoProduct[] = [
  {
    name: 'Chesterfield Sofa',
    category: 'Sofas',
    art: 'sofa',
    price: 245_000,
    stock: 6,
    featured: true,
    size: [220, 95, 78],
    weightKg: 78,
    material: 'Velvet',
    colour: 'Green',
    options: [sofaFabric, sofaSize],
    description:
      'A deep sofa with hand-tufted rolled arms, in emerald velvet, beige linen or charcoal bouclé, as a three- or two-seater. The frame is kiln-dried sheesham and the seat cushions are wrapped in soft fibre for a sink-in feel.',
  },
  {
    name: 'Sheesham King Bed',
    category: 'Beds',
    art: 'bed',
    price: 210_000,
    stock: 4,
    featured: true,
    size: [193, 213, 120],
    weightKg: 95,
    material: 'Sheesham wood',
    colour: 'Brown',
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
    size: [180, 40, 200],
    weightKg: 14.5,
    material: 'Brass',
    colour: 'Gold',
    options: [
      {
        name: 'Shade',
        values: [
          ['White linen', 0],
          ['Black linen', 0],
          ['Smoked glass', 3_500],
        ],
      },
    ],
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
    size: [68, 72, 80],
    weightKg: 7.5,
    material: 'Rattan',
    colour: 'Natural',
    description:
      'Hand-woven rattan on a curved cane frame, with a plump cotton seat cushion. Light enough to move between the lounge and the veranda.',
  },
  {
    name: 'Six-Seater Sheesham Dining Set',
    category: 'Dining',
    art: 'dining',
    price: 285_000,
    stock: 3,
    size: [183, 92, 76],
    weightKg: 110,
    material: 'Sheesham wood',
    colour: 'Brown',
    leadTimeDays: 21,
    options: [woodFinish],
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
    size: [183, 274, 1.5],
    weightKg: 18,
    material: 'Wool',
    colour: 'Red',
    options: [
      {
        name: 'Size',
        values: [
          ['6 x 9 ft', 0],
          ['4 x 6 ft', -40_000],
          ['8 x 10 ft', 35_000],
        ],
      },
    ],
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
    size: [210, 90, 82],
    weightKg: 62,
    material: 'Linen',
    colour: 'Beige',
    options: [
      {
        name: 'Fabric',
        values: [
          ['Oat linen', 0],
          ['Sage linen', 0],
          ['Performance weave', 6_500],
        ],
      },
    ],
    description:
      'Clean lines, washed linen upholstery and removable covers for easy care. The high-resilience foam seat keeps its shape for years.',
  },
  {
    name: 'Oak Wardrobe',
    category: 'Storage',
    art: 'wardrobe',
    price: 165_000,
    stock: 0,
    size: [120, 60, 200],
    weightKg: 88,
    material: 'Oak',
    colour: 'Natural',
    leadTimeDays: 28,
    options: [
      {
        name: 'Handles',
        values: [
          ['Brass', 0],
          ['Black iron', -1_500],
        ],
      },
    ],
    description:
      'A two-door wardrobe in solid oak with a full hanging rail, two shelves and a deep drawer below. Brass handles add a quiet touch of shine.',
  },
  {
    name: 'Ceramic Table Lamp',
    category: 'Lighting',
    art: 'table-lamp',
    price: 12_500,
    stock: 25,
    size: [35, 35, 58],
    weightKg: 3.2,
    material: 'Ceramic',
    colour: 'Green',
    description:
      'A glazed ceramic base in deep green with a pleated linen shade. Perfect on a bedside table or a console in the entrance.',
  },
  {
    name: 'Terracotta Vase Trio',
    category: 'Decor',
    art: 'vases',
    price: 7_500,
    stock: 40,
    size: [30, 18, 36],
    weightKg: 4,
    material: 'Terracotta',
    colour: 'Rust',
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
    size: [110, 60, 42],
    weightKg: 24,
    material: 'Walnut',
    colour: 'Brown',
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
    size: [300, 220, 80],
    weightKg: 140,
    material: 'Fabric',
    colour: 'Grey',
    options: [
      {
        name: 'Fabric',
        values: [
          ['Stone performance', 0],
          ['Navy performance', 0],
          ['Olive velvet', 22_000],
        ],
      },
    ],
    description:
      'Six modules you can arrange as an L, a U or two facing sofas. Upholstered in a stain-resistant performance fabric that stands up to daily life.',
  },
  {
    name: 'Upholstered Queen Bed',
    category: 'Beds',
    art: 'bed',
    price: 155_000,
    stock: 8,
    size: [165, 210, 115],
    weightKg: 70,
    material: 'Fabric',
    colour: 'Grey',
    options: [
      {
        name: 'Size',
        values: [
          ['Queen (60 x 78 in)', 0],
          ['King (72 x 78 in)', 25_000],
        ],
      },
      {
        name: 'Fabric',
        values: [
          ['Dove grey', 0],
          ['Blush', 0],
          ['Teal velvet', 8_000],
        ],
      },
    ],
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
    size: [76, 3, 76],
    weightKg: 6,
    material: 'Brass',
    colour: 'Gold',
    description:
      'A 30-inch round mirror in a hammered brass frame. Hang it above a console to bounce light around a hallway.',
  },
  {
    name: 'Wingback Armchair',
    category: 'Chairs',
    art: 'chair',
    price: 78_000,
    stock: 0,
    size: [80, 85, 105],
    weightKg: 26,
    material: 'Fabric',
    colour: 'Cream',
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
    size: [45, 45, 55],
    weightKg: 15,
    material: 'Marble',
    colour: 'White',
    description:
      'A white marble top on a slim powder-coated base. Small enough for the space beside a sofa, sturdy enough for a lamp.',
  },
  {
    name: 'Six-Drawer Chest',
    category: 'Storage',
    art: 'sideboard',
    price: 72_000,
    stock: 11,
    size: [100, 45, 95],
    weightKg: 48,
    material: 'Mango wood',
    colour: 'Brown',
    description:
      'Six roomy drawers on smooth metal runners in a mango wood frame. The top is wide enough for a mirror and a few favourite things.',
  },
  {
    name: 'Rattan Pendant Light',
    category: 'Lighting',
    art: 'pendant',
    price: 18_500,
    stock: 16,
    size: [45, 45, 30],
    weightKg: 1.8,
    material: 'Rattan',
    colour: 'Natural',
    description:
      'A woven rattan shade that casts soft patterned light over a dining table. Comes with a 1.5 metre adjustable cord.',
  },
  {
    name: 'Round Marble Dining Table',
    category: 'Dining',
    art: 'dining',
    price: 195_000,
    stock: 5,
    size: [122, 122, 76],
    weightKg: 95,
    material: 'Marble',
    colour: 'White',
    options: [
      {
        name: 'Top',
        values: [
          ['Ziarat white', 0],
          ['Black and gold', 18_000],
        ],
      },
    ],
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
    size: [160, 230, 1],
    weightKg: 7,
    material: 'Jute',
    colour: 'Natural',
    options: [
      {
        name: 'Size',
        values: [
          ['5 x 8 ft', 0],
          ['4 x 6 ft', -9_000],
          ['8 x 10 ft', 14_000],
        ],
      },
    ],
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
    size: [150, 85, 80],
    weightKg: 38,
    material: 'Fabric',
    colour: 'Blue',
    options: [
      {
        name: 'Fabric',
        values: [
          ['Denim blue', 0],
          ['Mustard', 0],
          ['Emerald velvet', 5_000],
        ],
      },
    ],
    description:
      'A two-seater sized for apartments and reading corners. Tapered wooden legs and a tight back keep it light on the eye.',
  },
  {
    name: 'Walnut Platform Bed',
    category: 'Beds',
    art: 'bed',
    price: 185_000,
    stock: 3,
    size: [193, 213, 30],
    weightKg: 85,
    material: 'Walnut',
    colour: 'Brown',
    leadTimeDays: 18,
    options: [
      {
        name: 'Size',
        values: [
          ['King (72 x 78 in)', 0],
          ['Queen (60 x 78 in)', -20_000],
        ],
      },
    ],
    description:
      'A low platform bed in walnut veneer with a floating look. No box spring needed: the slatted base supports the mattress directly.',
  },
  {
    name: 'Mid-Century Lounge Chair',
    category: 'Chairs',
    art: 'chair',
    price: 96_000,
    stock: 6,
    size: [84, 84, 83],
    weightKg: 22,
    material: 'Leather',
    colour: 'Brown',
    options: [
      {
        name: 'Upholstery',
        values: [
          ['Tan leather-look', 0],
          ['Black leather', 15_000],
        ],
      },
    ],
    description:
      'Curved plywood arms, a reclined seat and thick leather-look cushions. A modern classic that looks at home in any lounge.',
  },
  {
    name: 'Oak Bookshelf',
    category: 'Storage',
    art: 'wardrobe',
    price: 38_000,
    stock: 18,
    size: [90, 35, 180],
    weightKg: 40,
    material: 'Oak',
    colour: 'Natural',
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
    size: [55, 55, 155],
    weightKg: 5,
    material: 'Teak',
    colour: 'Natural',
    description:
      'Three teak legs and a drum shade in natural linen. Gives a soft, even light that suits a bedroom or a lounge corner.',
  },
  {
    name: 'Multani Blue Pottery Set',
    category: 'Decor',
    art: 'vases',
    price: 6_200,
    stock: 30,
    size: [25, 25, 22],
    weightKg: 2.2,
    material: 'Ceramic',
    colour: 'Blue',
    description:
      'Hand-painted blue pottery from Multan: a bowl and two small vases in cobalt and turquoise. Each piece is unique.',
  },
  {
    name: 'Nesting Tables, Set of Three',
    category: 'Tables',
    art: 'table',
    price: 34_000,
    stock: 9,
    size: [55, 40, 50],
    weightKg: 14,
    material: 'Acacia',
    colour: 'Brown',
    description:
      'Three tables that tuck into one another when not needed. Solid acacia tops with a warm honey finish.',
  },
  {
    name: 'Extendable Oak Dining Table',
    category: 'Dining',
    art: 'dining',
    price: 230_000,
    stock: 4,
    size: [180, 95, 76],
    weightKg: 72,
    material: 'Oak',
    colour: 'Natural',
    options: [
      {
        name: 'Finish',
        values: [
          ['Natural oil', 0],
          ['Smoked oak', 8_000],
        ],
      },
    ],
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
    size: [75, 250, 0.8],
    weightKg: 3,
    material: 'Wool',
    colour: 'Rust',
    options: [
      {
        name: 'Length',
        values: [
          ['2.5 m', 0],
          ['3.5 m', 6_000],
        ],
      },
    ],
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
    size: [160, 45, 80],
    weightKg: 55,
    material: 'Cane',
    colour: 'Natural',
    options: [woodFinish],
    description:
      'Three doors with woven cane panels over adjustable shelves. Holds the good crockery and looks lovely doing it.',
  },
  {
    name: 'Sleeper Sofa Bed',
    category: 'Sofas',
    art: 'sofa',
    price: 125_000,
    stock: 0,
    size: [205, 95, 85],
    weightKg: 75,
    material: 'Fabric',
    colour: 'Grey',
    leadTimeDays: 14,
    description:
      'A comfortable three-seater by day that unfolds into a double bed for guests. The mechanism opens in one easy pull.',
  },
  {
    name: 'Marble Bedside Lamp',
    category: 'Lighting',
    art: 'table-lamp',
    price: 9_800,
    stock: 22,
    size: [22, 22, 40],
    weightKg: 2.5,
    material: 'Marble',
    colour: 'Green',
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
    size: [48, 55, 92],
    weightKg: 14,
    material: 'Beech',
    colour: 'Beige',
    options: [
      {
        name: 'Fabric',
        values: [
          ['Sand', 0],
          ['Charcoal', 0],
          ['Bottle green velvet', 3_000],
        ],
      },
    ],
    description:
      'Two dining chairs with padded seats and backs on solid beech legs. The fabric is treated against stains.',
  },
  {
    name: 'Twin Bed with Storage',
    category: 'Beds',
    art: 'bed',
    price: 72_000,
    stock: 9,
    size: [100, 205, 90],
    weightKg: 55,
    material: 'Pine',
    colour: 'White',
    description:
      "A single bed with two deep drawers underneath for bedding and toys. Rounded corners and a low height make it ideal for a child's room.",
  },
  {
    name: 'Console Table',
    category: 'Tables',
    art: 'table',
    price: 52_000,
    stock: 8,
    size: [120, 35, 78],
    weightKg: 20,
    material: 'Sheesham wood',
    colour: 'Brown',
    description:
      'A slim console in dark sheesham for the entrance or behind a sofa. The lower shelf holds baskets or a stack of books.',
  },
  {
    name: 'Scented Candle Set',
    category: 'Decor',
    art: 'vases',
    price: 3_800,
    stock: 60,
    size: [24, 8, 10],
    weightKg: 1.2,
    material: 'Soy wax',
    colour: 'White',
    description:
      'Three soy-wax candles in frosted glass: jasmine, oud and sandalwood. Each burns for around forty hours.',
  },
  {
    name: 'Shaggy Area Rug',
    category: 'Rugs',
    art: 'rug',
    price: 34_000,
    stock: 15,
    size: [160, 230, 4],
    weightKg: 8,
    material: 'Polyester',
    colour: 'Cream',
    options: [
      {
        name: 'Size',
        values: [
          ['5 x 8 ft', 0],
          ['6 x 9 ft', 9_000],
          ['8 x 10 ft', 18_000],
        ],
      },
    ],
    description:
      'A deep-pile rug that feels wonderful underfoot in winter. Machine-made in Pakistan from soft polyester yarn.',
  },
  {
    name: 'Four-Seater Bistro Set',
    category: 'Dining',
    art: 'dining',
    price: 98_000,
    stock: 6,
    size: [90, 90, 75],
    weightKg: 38,
    material: 'Beech',
    colour: 'Black',
    options: [
      {
        name: 'Table top',
        values: [
          ['Oak veneer', 0],
          ['White marble', 12_000],
        ],
      },
    ],
    description:
      'A compact round table with four bentwood chairs, ideal for a kitchen corner or a small apartment. Easy to wipe clean.',
  },
  {
    name: 'TV Console',
    category: 'Storage',
    art: 'sideboard',
    price: 56_000,
    stock: 10,
    size: [160, 40, 50],
    weightKg: 42,
    material: 'Walnut',
    colour: 'Brown',
    description:
      'A low media unit with two drawers and open shelves for consoles and speakers. Cable cut-outs keep the wires out of sight.',
  },
  {
    name: 'Hammered Brass Wall Mirror',
    category: 'Decor',
    art: 'mirror',
    price: 28_500,
    stock: 5,
    size: [61, 3, 61],
    weightKg: 5,
    material: 'Brass',
    colour: 'Gold',
    description:
      'A 24-inch round mirror framed in hand-hammered brass by metalworkers in Lahore. It warms up a bedroom or dressing area.',
  },
  {
    name: 'Rocking Chair',
    category: 'Chairs',
    art: 'chair',
    price: 54_000,
    stock: 4,
    size: [65, 90, 100],
    weightKg: 12,
    material: 'Beech',
    colour: 'Natural',
    options: [
      {
        name: 'Finish',
        values: [
          ['Natural', 0],
          ['Walnut stain', 3_000],
        ],
      },
    ],
    description:
      'A steam-bent rocking chair with a woven seat and a gentle, steady motion. A favourite for nurseries and verandas.',
  },
  {
    name: 'Study Desk',
    category: 'Tables',
    art: 'table',
    price: 45_000,
    stock: 13,
    size: [110, 55, 76],
    weightKg: 28,
    material: 'Mango wood',
    colour: 'Natural',
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

/** The demo catalogue: categories, about forty products with generated pictures, the checkout settings, then demo activity. */
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
        nameUr: DEMO_URDU[product.name]?.name ?? '',
        descriptionUr: DEMO_URDU[product.name]?.description ?? '',
        price: product.price.toFixed(2),
        stock: product.stock,
        categoryId: categoryIds.get(product.category) ?? Number.NaN,
        isFeatured: product.featured ?? false,
        isOnSale: product.sale ?? false,
        createdAt: new Date(now - (index * 60 * DAY_MS) / catalogue.length),
        widthCm: product.size[0],
        depthCm: product.size[1],
        heightCm: product.size[2],
        weightKg: product.weightKg,
        material: product.material,
        colour: product.colour,
        leadTimeDays: product.leadTimeDays ?? 0,
      })),
    )
    .returning({ id: products.id })
  await db
    .insert(productImages)
    .values(
      rows.flatMap((row, index) => (images[index] ?? []).map((image) => ({ productId: row.id, ...image }))),
    )
  for (const [index, row] of rows.entries()) {
    for (const [position, option] of (catalogue[index]?.options ?? []).entries()) {
      const [created] = await db
        .insert(productOptions)
        .values({ productId: row.id, name: option.name, position })
        .returning({ id: productOptions.id })
      if (!created) throw new Error(`Could not create the option ${option.name}`)
      await db.insert(productOptionValues).values(
        option.values.map(([label, delta], valuePosition) => ({
          optionId: created.id,
          label,
          priceDelta: delta.toFixed(2),
          position: valuePosition,
        })),
      )
    }
  }

  await seedCheckout(db)
  await seedDemoActivity(database)
}
