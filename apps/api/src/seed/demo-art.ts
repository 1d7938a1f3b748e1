/**
 * Flat-style product pictures for the demo catalogue, drawn as SVG: a soft room (wall, floor, window
 * light) and one piece of furniture. A seed picks the palette and small variations, a view number
 * gives each product a second and third angle, so no two products look the same.
 */

export type ArtKind =
  | 'sofa'
  | 'bed'
  | 'dining'
  | 'chair'
  | 'table'
  | 'wardrobe'
  | 'sideboard'
  | 'floor-lamp'
  | 'table-lamp'
  | 'pendant'
  | 'vases'
  | 'mirror'
  | 'rug'

interface Palette {
  wall: [string, string]
  floor: string
  main: string
  wood: string
  pop: string
}

// Warm, soft rooms; the furniture colour carries the product, the wall stays quiet.
const palettes: Palette[] = [
  { wall: ['#fbeee0', '#f3d9c2'], floor: '#e6c6a4', main: '#c8693f', wood: '#7a4a2b', pop: '#f2b33d' },
  { wall: ['#f6efe6', '#e9dccb'], floor: '#d9c3a5', main: '#3f7a62', wood: '#8a5a35', pop: '#e7a54b' },
  { wall: ['#fdf1e7', '#f6d8cf'], floor: '#e8c2b0', main: '#d98c73', wood: '#6d4c3d', pop: '#f5d48a' },
  { wall: ['#f4f1ea', '#e4dccd'], floor: '#d6c7ad', main: '#c9a14f', wood: '#5e4430', pop: '#d65f3c' },
  { wall: ['#f1efe9', '#e2ddd2'], floor: '#d3c6b0', main: '#5d7f8f', wood: '#9a6b45', pop: '#f0b46a' },
  { wall: ['#faf3e8', '#efdcc0'], floor: '#e2c79f', main: '#b5523b', wood: '#4f3423', pop: '#f1c27d' },
  { wall: ['#f7efe9', '#ecd9cf'], floor: '#dcbfae', main: '#8c5e7a', wood: '#6b4a33', pop: '#e9b872' },
]

/** Blends a colour towards white (amount > 0) or black (amount < 0). */
function tint(hex: string, amount: number): string {
  const target = amount > 0 ? 255 : 0
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16)
    return Math.round(value + (target - value) * Math.abs(amount))
      .toString(16)
      .padStart(2, '0')
  }
  return `#${channel(1)}${channel(3)}${channel(5)}`
}

/** A rounded rectangle: its corner, size, corner radius and colour. */
interface RoundedRect {
  x: number
  y: number
  w: number
  h: number
  r: number
  fill: string
}

const rect = ({ x, y, w, h, r, fill }: RoundedRect) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${fill}"/>`

const glow = (cx: number, cy: number, r: number) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#glow)"/>`

function sofa(p: Palette, v: number): string {
  const seats = 2 + (v % 2)
  const w = 420 + seats * 110
  const x = 600 - w / 2
  const cushion = (w - 180) / seats
  const parts = [
    rect({ x: x + 40, y: 690, w: 18, h: 34, r: 4, fill: p.wood }),
    rect({ x: x + w - 58, y: 690, w: 18, h: 34, r: 4, fill: p.wood }),
    rect({ x: x + 50, y: 440, w: w - 100, h: 190, r: 44, fill: tint(p.main, -0.15) }),
  ]
  for (let i = 0; i < seats; i++) {
    parts.push(
      rect({ x: x + 90 + i * cushion, y: 465, w: cushion - 12, h: 130, r: 30, fill: tint(p.main, 0.08) }),
    )
    parts.push(
      rect({ x: x + 90 + i * cushion, y: 590, w: cushion - 12, h: 56, r: 20, fill: tint(p.main, 0.15) }),
    )
  }
  parts.push(
    rect({ x: x + 70, y: 630, w: w - 140, h: 66, r: 16, fill: p.main }),
    rect({ x, y: 520, w: 100, h: 176, r: 40, fill: p.main }),
    rect({ x: x + w - 100, y: 520, w: 100, h: 176, r: 40, fill: p.main }),
    `<rect x="${x + 120}" y="520" width="96" height="86" rx="22" fill="${p.pop}" transform="rotate(-10 ${x + 168} 563)"/>`,
  )
  return parts.join('')
}

function bed(p: Palette, v: number): string {
  const headboard = v % 2 ? tint(p.main, -0.1) : p.wood
  return [
    rect({ x: 330, y: 360, w: 540, h: 330, r: 36, fill: headboard }),
    rect({ x: 360, y: 390, w: 480, h: 270, r: 24, fill: tint(headboard, 0.12) }),
    rect({ x: 280, y: 660, w: 640, h: 40, r: 10, fill: p.wood }),
    rect({ x: 300, y: 700, w: 22, h: 28, r: 4, fill: p.wood }),
    rect({ x: 878, y: 700, w: 22, h: 28, r: 4, fill: p.wood }),
    rect({ x: 290, y: 560, w: 620, h: 110, r: 22, fill: '#fbf6ef' }),
    rect({ x: 370, y: 505, w: 200, h: 80, r: 30, fill: '#fffaf3' }),
    rect({ x: 630, y: 505, w: 200, h: 80, r: 30, fill: '#fffaf3' }),
    rect({ x: 290, y: 595, w: 620, h: 90, r: 24, fill: p.main }),
    rect({ x: 290, y: 595, w: 620, h: 28, r: 14, fill: tint(p.main, 0.3) }),
    rect({ x: 640, y: 560, w: 120, h: 60, r: 22, fill: p.pop }),
  ].join('')
}

function diningChair(p: Palette, x: number, facing: 1 | -1): string {
  const back = facing === 1 ? x : x + 110
  return [
    rect({ x: back - 9, y: 450, w: 18, h: 260, r: 6, fill: p.wood }),
    rect({ x: back - 14, y: 450, w: 28, h: 110, r: 10, fill: tint(p.main, -0.1) }),
    rect({ x, y: 600, w: 120, h: 24, r: 8, fill: tint(p.main, 0.1) }),
    rect({ x: facing === 1 ? x + 100 : x + 2, y: 620, w: 16, h: 90, r: 4, fill: p.wood }),
  ].join('')
}

function dining(p: Palette, v: number): string {
  return [
    diningChair(p, 200, 1),
    diningChair(p, 880, -1),
    rect({ x: 360, y: 540, w: 480, h: 28, r: 10, fill: p.wood }),
    rect({ x: 390, y: 568, w: 24, h: 150, r: 6, fill: tint(p.wood, -0.15) }),
    rect({ x: 786, y: 568, w: 24, h: 150, r: 6, fill: tint(p.wood, -0.15) }),
    `<path d="M575 540 q-22 -50 6 -92 h38 q28 42 6 92 z" fill="${v % 2 ? p.pop : p.main}"/>`,
    `<circle cx="585" cy="430" r="26" fill="${tint(p.pop, 0.2)}"/><circle cx="620" cy="418" r="22" fill="${p.pop}"/>`,
    rect({ x: 430, y: 528, w: 70, h: 12, r: 6, fill: '#fffaf3' }),
    rect({ x: 700, y: 528, w: 70, h: 12, r: 6, fill: '#fffaf3' }),
  ].join('')
}

function chair(p: Palette, v: number): string {
  const round = v % 2 ? 110 : 50
  return [
    `<path d="M480 690 l-24 40 M720 690 l24 40" stroke="${p.wood}" stroke-width="16" stroke-linecap="round"/>`,
    rect({ x: 470, y: 380, w: 260, h: 250, r: round, fill: tint(p.main, -0.1) }),
    rect({ x: 495, y: 410, w: 210, h: 200, r: round - 20, fill: p.main }),
    rect({ x: 440, y: 600, w: 320, h: 90, r: 26, fill: tint(p.main, 0.12) }),
    rect({ x: 415, y: 520, w: 70, h: 170, r: 32, fill: tint(p.main, -0.05) }),
    rect({ x: 715, y: 520, w: 70, h: 170, r: 32, fill: tint(p.main, -0.05) }),
    rect({ x: 545, y: 530, w: 110, h: 80, r: 24, fill: p.pop }),
  ].join('')
}

function table(p: Palette, v: number): string {
  const top = v % 2 ? p.wood : tint(p.main, 0.55)
  return [
    rect({ x: 400, y: 612, w: 22, h: 110, r: 6, fill: tint(p.wood, -0.1) }),
    rect({ x: 778, y: 612, w: 22, h: 110, r: 6, fill: tint(p.wood, -0.1) }),
    rect({ x: 410, y: 680, w: 380, h: 14, r: 6, fill: p.wood }),
    rect({ x: 360, y: 590, w: 480, h: 32, r: 14, fill: top }),
    rect({ x: 440, y: 560, w: 130, h: 16, r: 4, fill: p.main }),
    rect({ x: 450, y: 544, w: 110, h: 16, r: 4, fill: p.pop }),
    rect({ x: 444, y: 528, w: 118, h: 16, r: 4, fill: tint(p.main, 0.3) }),
    `<path d="M690 590 q-30 -40 -4 -80 h48 q26 40 -4 80 z" fill="${p.main}"/>`,
    `<path d="M710 512 q-40 -70 -90 -90 M714 512 q10 -80 50 -120 M712 512 q40 -40 90 -50" stroke="${p.wood}" stroke-width="5" fill="none"/>`,
    `<ellipse cx="640" cy="430" rx="26" ry="12" fill="#7f9a5a" transform="rotate(30 640 430)"/>`,
    `<ellipse cx="760" cy="400" rx="26" ry="12" fill="#8fae66" transform="rotate(-50 760 400)"/>`,
    `<ellipse cx="790" cy="468" rx="24" ry="11" fill="#7f9a5a" transform="rotate(-10 790 468)"/>`,
  ].join('')
}

function wardrobe(p: Palette, v: number): string {
  const body = v % 2 ? p.wood : tint(p.main, -0.05)
  return [
    rect({ x: 430, y: 700, w: 20, h: 26, r: 4, fill: tint(p.wood, -0.2) }),
    rect({ x: 750, y: 700, w: 20, h: 26, r: 4, fill: tint(p.wood, -0.2) }),
    rect({ x: 410, y: 260, w: 380, h: 445, r: 14, fill: body }),
    rect({ x: 428, y: 278, w: 168, h: 330, r: 8, fill: tint(body, 0.1) }),
    rect({ x: 604, y: 278, w: 168, h: 330, r: 8, fill: tint(body, 0.1) }),
    rect({ x: 428, y: 618, w: 344, h: 70, r: 8, fill: tint(body, 0.06) }),
    rect({ x: 580, y: 420, w: 8, h: 50, r: 4, fill: p.pop }),
    rect({ x: 612, y: 420, w: 8, h: 50, r: 4, fill: p.pop }),
    rect({ x: 570, y: 648, w: 60, h: 10, r: 5, fill: p.pop }),
  ].join('')
}

function sideboard(p: Palette, v: number): string {
  const doors = 3 + (v % 2)
  const w = 600
  const x = 300
  const door = (w - 40) / doors
  const parts = [
    rect({ x: x + 30, y: 690, w: 18, h: 36, r: 4, fill: p.wood }),
    rect({ x: x + w - 48, y: 690, w: 18, h: 36, r: 4, fill: p.wood }),
    rect({ x, y: 500, w, h: 195, r: 14, fill: p.wood }),
  ]
  for (let i = 0; i < doors; i++) {
    const fill = i % 2 ? tint(p.main, 0.1) : tint(p.wood, 0.15)
    parts.push(rect({ x: x + 20 + i * door, y: 518, w: door - 8, h: 160, r: 8, fill }))
    parts.push(`<circle cx="${x + 20 + i * door + door / 2 - 4}" cy="598" r="7" fill="${p.pop}"/>`)
  }
  parts.push(
    `<path d="M700 500 q-26 -60 10 -110 h40 q36 50 10 110 z" fill="${p.main}"/>`,
    rect({ x: 390, y: 440, w: 120, h: 60, r: 6, fill: tint(p.pop, 0.3) }),
    rect({ x: 400, y: 450, w: 100, h: 40, r: 4, fill: tint(p.main, 0.4) }),
  )
  return parts.join('')
}

function floorLamp(p: Palette, v: number): string {
  const reach = v % 2 ? 380 : 440
  return [
    glow(reach, 390, 190),
    `<ellipse cx="760" cy="716" rx="80" ry="18" fill="${tint(p.wood, -0.1)}"/>`,
    `<path d="M760 710 V420 Q760 240 ${reach + 60} 300" stroke="${p.pop}" stroke-width="14" fill="none" stroke-linecap="round"/>`,
    `<path d="M${reach - 70} 400 a90 80 0 0 1 180 0 z" fill="${p.main}"/>`,
    rect({ x: reach - 74, y: 396, w: 188, h: 14, r: 7, fill: tint(p.main, -0.2) }),
    rect({ x: 340, y: 600, w: 200, h: 22, r: 8, fill: p.wood }),
    rect({ x: 430, y: 622, w: 20, h: 100, r: 6, fill: tint(p.wood, -0.15) }),
    rect({ x: 380, y: 560, w: 90, h: 40, r: 8, fill: tint(p.pop, 0.3) }),
  ].join('')
}

function tableLamp(p: Palette, v: number): string {
  const shade = v % 2 ? tint(p.pop, 0.35) : '#fbf3e6'
  return [
    glow(600, 420, 230),
    rect({ x: 420, y: 600, w: 360, h: 28, r: 10, fill: p.wood }),
    rect({ x: 450, y: 628, w: 22, h: 96, r: 6, fill: tint(p.wood, -0.15) }),
    rect({ x: 728, y: 628, w: 22, h: 96, r: 6, fill: tint(p.wood, -0.15) }),
    `<path d="M600 600 c-70 0 -80 -60 -50 -110 c12 -20 88 -20 100 0 c30 50 20 110 -50 110 z" fill="${p.main}"/>`,
    rect({ x: 592, y: 460, w: 16, h: 40, r: 4, fill: p.pop }),
    `<path d="M510 465 L545 345 H655 L690 465 Z" fill="${shade}"/>`,
    rect({ x: 500, y: 460, w: 200, h: 12, r: 6, fill: tint(shade, -0.08) }),
  ].join('')
}

function pendant(p: Palette, v: number): string {
  const wide = v % 2 ? 150 : 120
  const ribs = Array.from({ length: 7 }, (_, i) => {
    const x = 600 - wide + ((i + 1) * (2 * wide)) / 8
    return `<path d="M600 260 Q${x} 300 ${x} 420" stroke="${tint(p.main, -0.25)}" stroke-width="4" fill="none"/>`
  })
  return [
    glow(600, 470, 260),
    `<path d="M600 0 V260" stroke="${p.wood}" stroke-width="5"/>`,
    `<path d="M${600 - wide} 420 Q${600 - wide} 260 600 260 Q${600 + wide} 260 ${600 + wide} 420 Z" fill="${p.main}"/>`,
    ...ribs,
    `<ellipse cx="600" cy="420" rx="${wide}" ry="16" fill="${tint(p.pop, 0.4)}"/>`,
    rect({ x: 420, y: 640, w: 360, h: 26, r: 10, fill: p.wood }),
    rect({ x: 450, y: 666, w: 20, h: 60, r: 6, fill: tint(p.wood, -0.15) }),
    rect({ x: 730, y: 666, w: 20, h: 60, r: 6, fill: tint(p.wood, -0.15) }),
    `<ellipse cx="600" cy="630" rx="70" ry="14" fill="${tint(p.pop, 0.1)}"/>`,
  ].join('')
}

function vases(p: Palette, v: number): string {
  const tall = v % 2 ? 40 : 0
  return [
    rect({ x: 330, y: 640, w: 540, h: 40, r: 10, fill: p.wood }),
    rect({ x: 350, y: 680, w: 500, h: 40, r: 8, fill: tint(p.wood, -0.15) }),
    `<path d="M440 640 c-60 -40 -50 -150 -10 -${190 + tall} h40 c40 ${40 + tall} 50 150 -10 ${190 + tall} z" fill="${p.main}"/>`,
    `<path d="M600 640 c-80 0 -90 -110 -30 -150 v-40 h60 v40 c60 40 50 150 -30 150 z" fill="${p.pop}"/>`,
    `<path d="M750 640 c-40 -30 -40 -90 -12 -110 h44 c28 20 28 80 -12 110 z" fill="${tint(p.main, 0.3)}"/>`,
    `<path d="M450 ${450 - tall} q-30 -120 -110 -170 M452 ${450 - tall} q40 -120 20 -220" stroke="${p.wood}" stroke-width="5" fill="none"/>`,
    `<circle cx="345" cy="${285 - tall}" r="16" fill="${tint(p.pop, 0.2)}"/><circle cx="470" cy="${235 - tall}" r="14" fill="${p.pop}"/>`,
    `<circle cx="395" cy="${330 - tall}" r="12" fill="${tint(p.main, 0.4)}"/>`,
  ].join('')
}

function mirror(p: Palette, v: number): string {
  const r = v % 2 ? 150 : 170
  return [
    `<circle cx="600" cy="360" r="${r + 22}" fill="${p.pop}"/>`,
    `<circle cx="600" cy="360" r="${r}" fill="url(#reflection)"/>`,
    `<path d="M${600 - r * 0.5} ${360 - r * 0.2} l${r * 0.5} -${r * 0.5} M${600 - r * 0.3} ${360 + r * 0.1} l${r * 0.7} -${r * 0.7}" stroke="#ffffff" stroke-opacity="0.6" stroke-width="10" stroke-linecap="round"/>`,
    rect({ x: 380, y: 600, w: 440, h: 26, r: 10, fill: p.wood }),
    rect({ x: 405, y: 626, w: 20, h: 100, r: 6, fill: tint(p.wood, -0.15) }),
    rect({ x: 775, y: 626, w: 20, h: 100, r: 6, fill: tint(p.wood, -0.15) }),
    `<path d="M470 600 c-30 -20 -30 -70 0 -90 h30 c30 20 30 70 0 90 z" fill="${p.main}"/>`,
    rect({ x: 660, y: 570, w: 110, h: 30, r: 8, fill: tint(p.main, 0.35) }),
  ].join('')
}

function rug(p: Palette, v: number): string {
  const border = v % 2 ? p.pop : tint(p.main, -0.2)
  const fringe = Array.from({ length: 30 }, (_, i) => {
    const x = 232 + i * 25
    return `<path d="M${x} 830 v18" stroke="${tint(p.pop, 0.4)}" stroke-width="4"/>`
  })
  return [
    '<path d="M230 830 L970 830 L860 620 L340 620 Z" fill="#000" opacity="0.06" transform="translate(0 10)"/>',
    `<path d="M230 830 L970 830 L860 620 L340 620 Z" fill="${border}"/>`,
    `<path d="M275 808 L925 808 L838 640 L362 640 Z" fill="${p.main}"/>`,
    `<path d="M320 786 L880 786 L815 660 L385 660 Z" fill="${tint(p.main, 0.25)}"/>`,
    `<path d="M600 670 L720 723 L600 776 L480 723 Z" fill="${border}"/>`,
    `<path d="M600 690 L675 723 L600 756 L525 723 Z" fill="${tint(p.pop, 0.3)}"/>`,
    ...fringe,
    `<ellipse cx="850" cy="600" rx="90" ry="26" fill="${tint(p.wood, 0.1)}"/>`,
    rect({ x: 760, y: 520, w: 180, h: 80, r: 40, fill: tint(p.pop, 0.1) }),
  ].join('')
}

const drawings: Record<ArtKind, (palette: Palette, variant: number) => string> = {
  sofa,
  bed,
  dining,
  chair,
  table,
  wardrobe,
  sideboard,
  'floor-lamp': floorLamp,
  'table-lamp': tableLamp,
  pendant,
  vases,
  mirror,
  rug,
}

export const ART_WIDTH = 1200
export const ART_HEIGHT = 900

/** Views: 0 the whole piece, 1 a step closer in another room colour, 2 a close-up. */
const viewScales = [1.15, 1.35, 1.7]

/** Scales the drawing about a point near its foot, so it grows upwards and stays on the floor. */
function zoom(view: number): string {
  const scale = viewScales[view % viewScales.length] ?? 1
  const [cx, cy] = view === 2 ? [600, 560] : [600, 720]
  return `translate(${cx * (1 - scale)} ${cy * (1 - scale)}) scale(${scale})`
}

export function furnitureSvg(kind: ArtKind, seed: number, view = 0): string {
  const palette = palettes[seed % palettes.length] as Palette
  const room = palettes[(seed + view * 3) % palettes.length] as Palette
  const windowX = 140 + ((seed * 97) % 5) * 180
  const floorY = kind === 'rug' ? 560 : 720
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ART_WIDTH}" height="${ART_HEIGHT}" viewBox="0 0 1200 900">
<defs>
  <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${room.wall[0]}"/><stop offset="1" stop-color="${room.wall[1]}"/>
  </linearGradient>
  <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${room.floor}"/><stop offset="1" stop-color="${tint(room.floor, -0.12)}"/>
  </linearGradient>
  <radialGradient id="glow"><stop offset="0" stop-color="#fff4d6" stop-opacity="0.9"/><stop offset="1" stop-color="#fff4d6" stop-opacity="0"/></radialGradient>
  <linearGradient id="reflection" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#eef3f1"/><stop offset="1" stop-color="${tint(room.wall[1], -0.1)}"/>
  </linearGradient>
</defs>
<rect width="1200" height="900" fill="url(#wall)"/>
<path d="M${windowX} 520 V200 a110 110 0 0 1 220 0 V520 Z" fill="#ffffff" opacity="0.35"/>
<rect y="${floorY}" width="1200" height="${900 - floorY}" fill="url(#floor)"/>
<g transform="${zoom(view)}">
  <ellipse cx="600" cy="${kind === 'rug' ? 840 : 728}" rx="360" ry="22" fill="#000" opacity="0.08"/>
  ${drawings[kind](palette, seed)}
</g>
</svg>`
}
